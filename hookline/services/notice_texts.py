"""What a failure notice says, on each channel: an e-mail (text and HTML, with its
unsubscribe link and RFC 8058's one-click headers), a Slack message (Block Kit) and a Teams
message (an Adaptive Card). Pure: `services/failure_notices` gathers the facts, the
portal's preview shows the same texts."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

FAILING, DISABLED, RECOVERED, DIGEST = ("endpoint.failing", "endpoint.disabled",
                                        "endpoint.recovered", "digest")
TYPES = (FAILING, DISABLED, RECOVERED, DIGEST)


@dataclass(frozen=True)
class Facts:
    type: str
    company: str  # the environment's brand name, or "Webhooks"
    consumer: str
    link: str  # the portal page that fixes it
    endpoint_url: str = ""
    sentence: str = ""  # the last attempt, in the portal's words
    waiting: int = 0  # its Deliveries still waiting for an attempt
    logo_url: str | None = None
    support_url: str | None = None
    failures: list[tuple[str, int]] = field(default_factory=list)  # a digest's, by endpoint


def subject(facts: Facts) -> str:
    """One line, whatever a name holds (a header takes no line break)."""
    return " ".join({
        FAILING: f"{facts.company}: webhooks to {facts.endpoint_url} are failing",
        DISABLED: f"{facts.company}: your endpoint {facts.endpoint_url} was disabled",
        RECOVERED: f"{facts.company}: your endpoint {facts.endpoint_url} has recovered",
        DIGEST: f"{facts.company}: webhook failures this week",
    }[facts.type].split())


def paragraphs(facts: Facts) -> list[str]:
    """The notice's body, a paragraph each, in plain words (no link: each channel places it)."""
    waiting = (f"{facts.waiting} Deliveries are waiting to be retried." if facts.waiting
               else "")
    said = {
        FAILING: [f"Webhooks from {facts.company} to your endpoint {facts.endpoint_url} are "
                  f"failing: a Delivery has used up all its retries.",
                  f"The last attempt: {facts.sentence}", waiting,
                  "If Deliveries keep failing, the endpoint will be disabled. Open the portal "
                  "to see the failed attempts and fix the endpoint."],
        DISABLED: [f"Your endpoint {facts.endpoint_url} was disabled, because Deliveries "
                   f"from {facts.company} to it kept failing.",
                   f"The last attempt: {facts.sentence}",
                   "Nothing more is sent to it until it is enabled again. Open the portal to "
                   "enable it and recover the Deliveries it missed."],
        RECOVERED: [f"Your endpoint {facts.endpoint_url} is receiving webhooks from "
                    f"{facts.company} again: the last Delivery succeeded.", waiting],
        DIGEST: [f"Some webhooks from {facts.company} could not be delivered in the past "
                 f"week:", *[f"{url}: {count} failed Deliveries" for url, count
                             in facts.failures],
                 "Open the portal to see them and recover them."],
    }[facts.type]
    if facts.support_url:
        said.append(f"Questions? {facts.support_url}")
    return [p for p in said if p]


def email(facts: Facts, unsubscribe: str) -> dict[str, Any]:
    """`{"subject", "text", "html", "headers"}`, as the mail kind sends it."""
    parts = paragraphs(facts)
    text = "\n\n".join([f"Hello {facts.consumer},", *parts,
                        f"Open the portal: {facts.link}",
                        f"To stop these e-mails: {unsubscribe}"])
    logo = (f'<p><img src="{html.escape(facts.logo_url)}" alt="" height="32"></p>'
            if facts.logo_url else "")
    body = "".join(f"<p>{html.escape(p)}</p>" for p in parts)
    page = (f"<!doctype html><html><body>{logo}<p>Hello {html.escape(facts.consumer)},</p>"
            f'{body}<p><a href="{html.escape(facts.link)}">Open the portal</a></p>'
            f'<p><small><a href="{html.escape(unsubscribe)}">Unsubscribe</a> from these '
            f"e-mails</small></p></body></html>")
    return {"subject": subject(facts), "text": text, "html": page,
            "headers": {"List-Unsubscribe": f"<{unsubscribe}>",
                        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}}


def _slack_escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack(facts: Facts) -> dict[str, Any]:
    """A Slack incoming webhook's message: `text` for notifications, blocks for the rest."""
    title = subject(facts)
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": title[:150]}},
        *({"type": "section", "text": {"type": "mrkdwn", "text": _slack_escaped(p)}}
          for p in paragraphs(facts)),
        {"type": "actions", "elements": [{"type": "button", "url": facts.link,
                                          "text": {"type": "plain_text",
                                                   "text": "Open the portal"}}]}]
    return {"text": f"{title}: {facts.link}", "blocks": blocks}


def teams(facts: Facts) -> dict[str, Any]:
    """A Teams workflow's message: one Adaptive Card."""
    card: dict[str, Any] = {
        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
        "type": "AdaptiveCard", "version": "1.4",
        "body": [{"type": "TextBlock", "text": subject(facts), "weight": "Bolder",
                  "size": "Medium", "wrap": True},
                 *({"type": "TextBlock", "text": p, "wrap": True} for p in paragraphs(facts))],
        "actions": [{"type": "Action.OpenUrl", "title": "Open the portal", "url": facts.link}]}
    return {"type": "message", "attachments": [
        {"contentType": "application/vnd.microsoft.card.adaptive", "content": card}]}
