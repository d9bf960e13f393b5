"""A Delivery explained in plain words, from its record and its attempts as the API shows
them (`DeliveryOut`, `AttemptOut`): what happened, each attempt in the portal's sentences,
and what to do next. Pure, for both MCP scopes."""

from __future__ import annotations

from typing import Any

from hookline.outcome_sentences import said
from hookline.statuses import ErrorType

_STATUS = {
    "pending": "It has not been attempted yet: it waits for its endpoint's turn.",
    "held": "It waits behind an earlier Delivery of its ordered line.",
    "processing": "An attempt is under way.",
    "retrying": "Its last attempt failed; the next one is at {next}.",
    "delivered": "It was delivered.",
    "exhausted": "Every attempt failed: no more are scheduled.",
    "cancelled": "It was cancelled: its endpoint was disabled (or deleted) while it waited.",
}
_ADVICE: dict[str, str] = {
    ErrorType.HTTP_STATUS: "The receiver answered with an error: read its response body "
    "below; a 4xx is usually a rejected signature or payload, a 5xx a fault on the receiver.",
    ErrorType.TIMEOUT: "The receiver answered too slowly: it should acknowledge at once and "
    "do its work afterwards.",
    ErrorType.CONNECTION: "Nothing answered at the URL: check that the receiver is running "
    "and reachable from the internet.",
    ErrorType.DNS: "The URL's host name does not resolve: check the URL.",
    ErrorType.TLS: "The HTTPS certificate (or the client certificate) was refused: renew or "
    "fix it.",
    ErrorType.BLOCKED_URL: "The URL leads to a private or reserved address: use a public one.",
    ErrorType.CIRCUIT_OPEN: "The endpoint's breaker held it after repeated failures: fix "
    "the receiver; the next probe resumes its Deliveries.",
    ErrorType.TRANSFORMATION: "The endpoint's transformation failed: fix or remove it.",
    ErrorType.OAUTH: "No access token came from the endpoint's OAuth2 token URL: check its "
    "client credentials.",
    ErrorType.PROXY: "The egress proxy failed: the receiver was not reached.",
}


def explain(delivery: dict[str, Any], attempts: list[dict[str, Any]]) -> dict[str, Any]:
    """`{summary, attempts: [{attempt, outcome, said, ...}], next}`."""
    status = str(delivery.get("status"))
    summary = _STATUS.get(status, f"Its status is {status}.").format(
        next=delivery.get("nextAttemptAt") or "the schedule's next step")
    told = [{"attempt": a.get("attempt"), "at": a.get("createdAt"),
             "outcome": a.get("status"), "statusCode": a.get("statusCode"),
             "said": "Delivered." if a.get("status") == "succeeded"
             else said(a.get("errorType"), a.get("statusCode")),
             "error": a.get("errorMessage"), "response": a.get("responseBody")}
            for a in attempts]
    failed = [a for a in attempts if a.get("status") != "succeeded"]
    last = failed[-1].get("errorType") if failed and status != "delivered" else None
    steps: list[str] = []
    if last is not None:
        steps.append(_ADVICE.get(str(last), "Check the receiver."))
    if status == "exhausted":
        steps.append("Once the receiver is fixed, retry it (retry_delivery), or recover "
                     "every failed Delivery of its endpoint at once (recover_endpoint).")
    elif status == "cancelled":
        steps.append("Enable its endpoint again, then retry it.")
    return {"id": delivery.get("id"), "status": status,
            "summary": f"{summary} It took {delivery.get('attempts', 0)} attempt(s).",
            "attempts": told, "next": steps}
