"""Destinations: the user's URLs a Source forwards its messages to, signed with their secret,
at most `rate_limit` per second; reads also show the circuit breaker (kept by the engine).

Like endpoints, every function commits before returning, reads included: routes await DNS
(the URL check) between calls, and on SQLite an open transaction holds the write lock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import func
from sqlmodel import Session, col, select

from hookline import targets
from hookline.delivery import gate
from hookline.delivery.gate import Health, health_of
from hookline.errors import NotFound, invalid
from hookline.ids import new_id
from hookline.models import Destination, Source
from hookline.services import operational, sources
from hookline.services.endpoints import check_url
from hookline.services.headers import check_headers
from hookline.services.patch import KEEP, Keep
from hookline.services.scoped import get_in
from hookline.signing import new_secret
from hookline.timeutil import utcnow

__all__ = ["DestinationPatch", "DestinationRow", "check_url"]

MAX_PER_SOURCE = 10


class DestinationRow(NamedTuple):
    destination: Destination
    health: Health  # the breaker and the concurrency limit the engine keeps


@dataclass(frozen=True)
class DestinationPatch:
    """Absent fields (None, or KEEP for the nullable ones) stay as they are."""

    url: str | None = None
    description: str | Keep | None = KEEP
    status: str | None = None  # enabled | disabled
    headers: dict[str, str] | None = None
    rate_limit: int | Keep | None = KEEP  # None: no limit


def get_scoped(session: Session, env_id: str, destination_id: str) -> Destination:
    return get_in(session, Destination, env_id, destination_id,
                  NotFound(f"destination {destination_id!r} not found"))


def ensure_source(session: Session, env_id: str, source_id: str) -> None:
    """404 before the slower URL check of a request on a Source that is not there."""
    try:
        sources.get_source(session, env_id, source_id)
    finally:
        session.commit()


def ensure_destination(session: Session, env_id: str, destination_id: str) -> None:
    try:
        get_scoped(session, env_id, destination_id)
    finally:
        session.commit()


def create_destination(session: Session, env_id: str, source_id: str, *, url: str,
                       description: str | None, headers: dict[str, str] | None,
                       rate_limit: int | None = None) -> DestinationRow:
    """The URL is checked by the caller (check_url) first; everything else here."""
    source = sources.get_source(session, env_id, source_id)
    custom = check_headers(headers or {})
    rate_limit = targets.check_rate_limit(rate_limit)
    # Lock the Source row (PostgreSQL) so that concurrent creations cannot pass the limit.
    session.exec(select(Source.id).where(Source.id == source.id).with_for_update()).one()
    count = session.exec(select(func.count()).select_from(Destination)
                         .where(Destination.source_id == source.id)).one()
    if count >= MAX_PER_SOURCE:
        raise invalid("sourceId", f"a source has at most {MAX_PER_SOURCE} destinations")
    destination = Destination(id=new_id("dst"), environment_id=env_id, source_id=source.id,
                              url=url, description=description, custom_headers=custom,
                              secret=new_secret(), rate_limit=rate_limit)
    session.add(destination)
    session.commit()
    return DestinationRow(destination, Health())  # never gated yet: closed


def list_destinations(session: Session, env_id: str, source_id: str
                      ) -> list[DestinationRow]:
    source = sources.get_source(session, env_id, source_id)
    rows = session.exec(select(Destination).where(Destination.source_id == source.id)
                        .order_by(col(Destination.id))).all()
    health = health_of(session, [d.id for d in rows])
    session.commit()
    return [DestinationRow(d, health[d.id]) for d in rows]


def _apply_status(session: Session, destination: Destination, status: str) -> list[str]:
    """Setting the state it is already in changes nothing."""
    if status == "disabled" and targets.is_enabled(destination):
        targets.disable(destination, automatically=False)
        return targets.cancel_waiting(session, destination)
    if status == "enabled" and not targets.is_enabled(destination):
        targets.enable(destination)
        gate.forget(session, destination.id)
        operational.notify(session, destination.environment_id, "destination.enabled",
                           destination, {})
    return []


def update_destination(session: Session, env_id: str, destination_id: str,
                       patch: DestinationPatch) -> tuple[DestinationRow, list[str]]:
    """Validates everything before changing anything. Returns the destination and the
    Deliveries a disable cancelled, whose workflows the caller wakes after this commit."""
    destination = get_scoped(session, env_id, destination_id)
    if patch.status not in (None, "enabled", "disabled"):
        raise invalid("status", "must be 'enabled' or 'disabled'")
    headers = check_headers(patch.headers) if patch.headers is not None else None
    if not isinstance(patch.rate_limit, Keep):
        destination.rate_limit = targets.check_rate_limit(patch.rate_limit)
    if patch.url is not None and patch.url != destination.url:
        destination.url = patch.url
        gate.forget(session, destination.id)
    if not isinstance(patch.description, Keep):
        destination.description = patch.description
    if headers is not None:
        destination.custom_headers = headers
    cancelled = _apply_status(session, destination, patch.status) if patch.status else []
    destination.updated_at = utcnow()
    session.add(destination)
    circuit = health_of(session, [destination.id])[destination.id]
    session.commit()
    return DestinationRow(destination, circuit), cancelled


def delete_destination(session: Session, env_id: str, destination_id: str) -> list[str]:
    """Its Deliveries stay as history; the waiting ones are cancelled (returned, to wake)."""
    destination = get_scoped(session, env_id, destination_id)
    cancelled = targets.cancel_waiting(session, destination)
    session.delete(destination)
    session.commit()
    return cancelled


def rotate_secret(session: Session, env_id: str, destination_id: str) -> str:
    """The previous secret keeps signing (next to the new one) for 24 hours."""
    destination = get_scoped(session, env_id, destination_id)
    fresh = new_secret()
    targets.rotate(destination, fresh)
    session.add(destination)
    session.commit()
    return fresh
