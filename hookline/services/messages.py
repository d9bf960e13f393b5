"""Messages a Source received: listing, reading with delivery counts, and replay."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.errors import Conflict, NotFound, PayloadErased
from hookline.persistence import queries
from hookline.persistence.models import Message, Source
from hookline.services import ingest, sources
from hookline.services.scoped import get_in
from hookline.statuses import FINAL, DeliveryStatus

# Not final yet: Counts' delivered, failed (exhausted) and cancelled are the final ones.
IN_FLIGHT = tuple(s for s in DeliveryStatus if s not in FINAL)


@dataclass(frozen=True)
class Counts:
    total: int = 0
    delivered: int = 0
    in_flight: int = 0
    failed: int = 0  # exhausted
    cancelled: int = 0


def get_message(session: Session, env_id: str, message_id: str) -> Message:
    return get_in(session, Message, env_id, message_id,
                  NotFound(f"message {message_id!r} not found"))


def list_messages(session: Session, env_id: str, source_id: str, verification: str | None,
                  after: str | None, limit: int) -> list[Message]:
    """Newest first (ids sort by arrival); limit+1 rows for the pager."""
    source = sources.get_source(session, env_id, source_id)
    return queries.messages.page(session, source.id, verification, after, limit)


def delivery_counts(session: Session, message_ids: list[str]) -> dict[str, Counts]:
    """Per message, by status, in one grouped query."""
    if not message_ids:
        return {}
    rows = queries.deliveries.counts_by_message(session, message_ids)
    tallies: dict[str, dict[str, int]] = {}
    for message_id, status, count in rows:
        if message_id is not None:
            tallies.setdefault(message_id, {})[status] = count
    return {message_id: _counts(by_status) for message_id, by_status in tallies.items()}


def _counts(by_status: dict[str, int]) -> Counts:
    return Counts(total=sum(by_status.values()),
                  delivered=by_status.get(DeliveryStatus.DELIVERED, 0),
                  in_flight=sum(by_status.get(s, 0) for s in IN_FLIGHT),
                  failed=by_status.get(DeliveryStatus.EXHAUSTED, 0),
                  cancelled=by_status.get(DeliveryStatus.CANCELLED, 0))


def body_text(message: Message) -> str | None:
    """The body as text for the API: UTF-8, undecodable bytes replaced; null when the
    signature failed (nothing was stored)."""
    if message.body is None or message.verification == "failed":
        return None
    return message.body.decode("utf-8", errors="replace")


def replay(session: Session, env_id: str, message_id: str, schedule: list[float]
           ) -> list[DeliveryStart]:
    """New Deliveries for the destinations enabled now, their starts in the outbox. Commits."""
    message = get_message(session, env_id, message_id)
    if message.payload_erased:
        raise PayloadErased("message", message_id)
    if message.verification == "failed":
        raise Conflict(f"message {message_id} failed verification; such messages are never "
                       "forwarded", slug="message-not-verified")
    source = session.get(Source, message.source_id)
    if source is None or source.status != "enabled":
        raise Conflict(f"the source of message {message_id} is disabled; enable it first",
                       slug="source-disabled")
    starts = ingest.fan_out(session, message, schedule, source.name, source.provider)
    return starts
