"""Polling endpoints: a Consumer that cannot take webhooks (on-premises, behind a strict
firewall, a batch job) pulls its endpoint's Deliveries instead, each with the body and the
signature headers a push would have sent, and commits how far it got. The server keeps the
committed cursor; a seek moves it to a time.

- A page is the endpoint's Deliveries in id order (ids sort by creation) after a cursor:
  those waiting for the commit, and, after a seek back, those delivered already. It shows
  only Deliveries made `SETTLE` seconds ago or more: a Delivery whose transaction commits
  after a later one's must not be passed over by a cursor that moved on meanwhile.
- A commit ends the waiting Deliveries between the committed cursor and its own
  `delivered`, each with an attempt, and moves the cursor there; the caller wakes their
  workflows, which end. One behind the committed cursor changes nothing.
- What a commit never covers (skipped by a seek forward, or never pulled) ends `exhausted`
  once its window has passed (`hookline.delivery.polling`).

Nothing here commits: the caller owns the transaction."""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session

from hookline.delivery import targets
from hookline.errors import NotFound, Unauthorized, invalid
from hookline.ids import first_id_at, made_at, new_id, token
from hookline.observability import metrics
from hookline.persistence import queries
from hookline.persistence.models import Endpoint
from hookline.services import accounts
from hookline.services.accounts import Principal
from hookline.settings import get_settings
from hookline.signing import webhook_headers
from hookline.statuses import AttemptStatus, DeliveryStatus
from hookline.target_kinds import is_polling
from hookline.timeutil import aware

TOKEN_PREFIX = "hlpoll_"
PAGE_DEFAULT, PAGE_MAX = 50, 250  # Svix's poller takes 1 to 250
# Seconds a Delivery is left out of pages after it was made: a margin for the clocks of the
# processes that made ids (on PostgreSQL the bound also waits for every transaction that
# was under way then, `queries.polling.settled_before`), and on SQLite, where there is one
# writer at a time, longer than its write transactions.
SETTLE = 5.0
# The most Deliveries one commit ends: a commit after a long absence takes several, each a
# short transaction (`Committed.cursor` says how far this one went).
COMMIT_MAX = 5000
_PREFIX = "dlv"
_CURSOR = re.compile(r"dlv_[0-9a-z]{10,26}")
# What a polling endpoint cannot have: what it would take to send to it, or to shape,
# order, batch or pace what is sent.
REFUSED = ("headers", "rateLimit", "transformation", "auth", "tls", "credentials",
           "endpointOverride", "ordering", "batch")


def new_token() -> str:
    return TOKEN_PREFIX + token()


def poll_url(endpoint_id: str) -> str:
    """Where the endpoint's Consumer pulls, at the public URL."""
    return f"{get_settings().public_url.rstrip('/')}/v1/poll/{endpoint_id}"


def committed_through(cursor: str | None) -> datetime | None:
    """When the Deliveries a committed cursor covers were made, up to: where the Consumer
    stands, as a time."""
    found = made_at(cursor, bound=True) if cursor else None
    return datetime.fromtimestamp(found, UTC) if found is not None else None


@dataclass(frozen=True)
class Standing:
    """Where a polling endpoint's Consumer stands, for its portal page."""

    url: str
    token: str
    committed_through: datetime | None
    waiting: int  # Deliveries waiting for its commit


def standing(session: Session, endpoint: Endpoint) -> Standing:
    return Standing(url=poll_url(endpoint.id), token=endpoint.poll_token or "",
                    committed_through=committed_through(endpoint.poll_cursor),
                    waiting=queries.polling.waiting(session, endpoint.id))


def shown_url(target: Any) -> str:
    """A target's URL as the API and the pages show it: a polling endpoint's poll URL in
    place of the sentinel it stores."""
    return poll_url(target.id) if is_polling(target.url) else str(target.url)


def is_token(bearer: str) -> bool:
    return bearer.startswith(TOKEN_PREFIX)


def check_settings(given: dict[str, Any]) -> None:
    """A polling endpoint's settings by their API names, None or absent where unset: any of
    `REFUSED` set is a 422 naming it."""
    for name in REFUSED:
        if given.get(name) not in (None, {}):
            raise invalid(name, "a polling endpoint is sent nothing: its Consumer pulls its "
                                "messages, so it takes no " + name)


@dataclass(frozen=True)
class Puller:
    """Who pulls an endpoint's Deliveries, and what their headers are signed with."""

    endpoint_id: str
    principal: Principal  # its environment, as the rate limiter counts it
    cursor: str | None  # the committed one
    secrets: list[str]
    signature_headers: str


def puller(session: Session, endpoint_id: str, *, bearer: str | None = None,
           principal: Principal | None = None) -> Puller:
    """A polling endpoint's puller: the holder of its token (`bearer`), or a caller with an
    API key of its environment (`principal`). A token that is not this endpoint's is a 401,
    whether or not the endpoint exists; an API key's caller gets a 404 for any endpoint not
    of its environment, or not polling."""
    row = queries.polling.holder(session, endpoint_id)
    if principal is None:
        if row is None or not row.poll_token or not hmac.compare_digest(
                row.poll_token.encode(), (bearer or "").encode()):
            raise Unauthorized("the poll token is not this endpoint's")
        principal = accounts.principal_of("", row.environment_id, row.kind, row.org_id,
                                          row.rps, row.monthly_events)
    elif row is None or row.environment_id != principal.environment_id:
        raise NotFound(f"endpoint {endpoint_id!r} not found")
    if not is_polling(row.url):
        raise NotFound(f"endpoint {endpoint_id!r} is not a polling endpoint")
    return Puller(endpoint_id=row.id, principal=principal, cursor=row.poll_cursor,
                  secrets=targets.current_secrets(row.secret, row.previous_secret,
                                                  row.previous_secret_expires_at),
                  signature_headers=row.signature_headers)


@dataclass(frozen=True)
class Polled:
    """One message of a page: what a push would have sent, signed now."""

    delivery_id: str
    status: str
    event_id: str
    event_type: str
    created_at: datetime
    body: str
    headers: dict[str, str]


@dataclass(frozen=True)
class Page:
    messages: list[Polled]
    cursor: str | None  # where the next page starts; what a commit of this page names
    done: bool  # nothing more to pull now


def page(session: Session, who: Puller, cursor: str | None, limit: int, now: datetime
         ) -> Page:
    """The messages after `cursor` (absent: after the committed one), at most `limit`."""
    if cursor is not None:
        check_cursor(cursor)
    after = cursor if cursor is not None else (who.cursor or "")
    rows = queries.polling.page(session, who.endpoint_id, after, _settled(session, now),
                                limit + 1)
    shown = rows[:limit]
    stamp = int(now.timestamp())
    messages = [Polled(
        delivery_id=row.id, status=row.status, event_id=row.event_id,
        event_type=row.event_type, created_at=row.created_at, body=row.payload,
        headers={**webhook_headers(who.secrets, row.event_id, stamp, row.payload.encode(),
                                   who.signature_headers),
                 "content-type": "application/json"}) for row in shown]
    return Page(messages, shown[-1].id if shown else (after or None), len(rows) <= limit)


@dataclass(frozen=True)
class Committed:
    cursor: str | None  # the committed cursor now
    delivered: list[str]  # the Deliveries this commit ended: wake their workflows


def commit(session: Session, who: Puller, cursor: str, now: datetime) -> Committed:
    """Everything waiting up to `cursor` is `delivered`, and the committed cursor moves
    there; a cursor at or behind the committed one changes nothing."""
    check_cursor(cursor)
    after = queries.polling.locked_cursor(session, who.endpoint_id) or ""
    before = _settled(session, now)
    until = min(cursor, before)  # `before` itself precedes every id it bounds
    if until <= after:
        return Committed(after or None, [])
    moved = queries.polling.commit(session, who.endpoint_id, after, until, before, now,
                                   COMMIT_MAX)
    if len(moved) == COMMIT_MAX:  # more wait up to `until`: the next commit ends them
        until = moved[-1][0]
    queries.polling.move_cursor(session, who.endpoint_id, until, now)
    metrics.finished_on_commit(session, DeliveryStatus.DELIVERED, "endpoint", len(moved))
    if moved:
        queries.attempts.insert(session, [{
            "id": new_id("att"), "delivery_id": delivery_id, "attempt": attempt,
            "target_id": who.endpoint_id, "status": AttemptStatus.SUCCEEDED.value,
            "status_code": None, "response_body": None, "error_type": None,
            "error_message": None, "duration_ms": 0, "created_at": now}
            for delivery_id, attempt in moved])
    return Committed(until, [delivery_id for delivery_id, _ in moved])


def seek(session: Session, who: Puller, after: datetime, now: datetime) -> str:
    """The committed cursor moves to just before the Deliveries made at `after` or later,
    back or forward (up to now): those after it are pulled next (delivered ones again, for
    a replay); those a seek forward skips wait until their window passes."""
    try:
        at = aware(after)
    except (OverflowError, ValueError):
        raise invalid("after", "is not a time this service can seek to") from None
    if at > now:
        raise invalid("after", "is in the future: seek to a time up to now")
    cursor = first_id_at(_PREFIX, at.timestamp())
    queries.polling.move_cursor(session, who.endpoint_id, cursor, now)
    return cursor


def check_cursor(cursor: str) -> None:
    if not _CURSOR.fullmatch(cursor):
        raise invalid("cursor", "is not a cursor a page of this endpoint gave")


def _settled(session: Session, now: datetime) -> str:
    """The bound below which a page shows, and a commit covers, Deliveries now: the first
    id past those made `SETTLE` seconds ago or earlier and (PostgreSQL) before every
    transaction still under way began. An id bound, not a suffix: a locale's collation
    (PostgreSQL's) orders punctuation unlike bytes."""
    began = queries.polling.oldest_transaction(session)
    seconds = now.timestamp() - SETTLE
    if began is not None:
        seconds = min(seconds, aware(began).timestamp() - SETTLE)
    return first_id_at(_PREFIX, seconds + 0.001)
