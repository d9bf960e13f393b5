"""An attempt's outcome in the customer's words: the consumer portal shows it beside each
Delivery and attempt, and a failure notice says it of the endpoint's last attempt. The raw
error stays behind it, for the receiver's developer."""

from __future__ import annotations

from typing import Protocol

from hookline.statuses import ErrorType

# What an attempt's `errorType` means, in a sentence; the raw error stays behind a
# disclosure, for the receiver's developer.
_ERRORS: dict[str, str] = {
    ErrorType.HTTP_STATUS:
        "The endpoint answered {code}: only a 2xx answer counts as delivered.",
    ErrorType.TIMEOUT: "The endpoint did not answer in time, so the attempt was abandoned.",
    ErrorType.CONNECTION:
        "Could not connect to the endpoint: nothing accepted the connection at that address, "
        "or it was cut before an answer.",
    ErrorType.DNS: "The endpoint's host name could not be found (DNS).",
    ErrorType.TLS:
        "The secure connection failed: check the endpoint's HTTPS certificate, or, if it asks "
        "for one, the client certificate set on this endpoint.",
    ErrorType.OAUTH:
        "Not sent: no access token could be had from the endpoint's OAuth2 token URL (it "
        "failed, refused the client credentials, or did not answer in time).",
    ErrorType.BROKER_UNREACHABLE:
        "Could not reach the endpoint's broker or cloud service, or the connection broke "
        "before it confirmed the message.",
    ErrorType.BROKER_REFUSED:
        "The broker refused the message: its topic, queue, exchange route, stream or bucket "
        "does not exist or takes no writes now.",
    ErrorType.BROKER_AUTH:
        "The broker refused the credentials set on this endpoint, or they do not allow "
        "publishing there.",
    ErrorType.BLOCKED_URL:
        "Not sent: the URL leads to a private or reserved address, which webhooks may not "
        "reach.",
    ErrorType.CIRCUIT_OPEN:
        "Not sent: the endpoint failed several times in a row, so its attempts are paused "
        "for a while; the next one is a probe that resumes them.",
    ErrorType.MAIL_REFUSED: "The mail server refused the message.",
    ErrorType.NOT_POLLED: "It was not fetched and committed from the polling endpoint in time.",
    # The operator's code, not the customer's server: say so, or they go looking at theirs.
    ErrorType.TRANSFORMATION:
        "Not sent: the sender's code that prepares each request for this endpoint (its "
        "transformation) failed, so your endpoint was not called. Nothing on your side "
        "caused this.",
}


class Outcome(Protocol):
    """A stored attempt, or a test event's result."""

    @property
    def error_type(self) -> str | None: ...
    @property
    def status_code(self) -> int | None: ...


def explain(attempt: Outcome) -> str:
    return said(attempt.error_type, attempt.status_code)


def said(error_type: str | None, status_code: int | None) -> str:
    """An attempt's outcome in a sentence: a Delivery's last one in the list, each attempt
    on its page."""
    return _ERRORS.get(error_type or "", "The attempt failed.").format(code=status_code)
