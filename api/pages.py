"""Pages the API lists in more than one place: the Deliveries of an event or a message, and
the attempts to an endpoint or a destination. Read by the services, shaped by the schemas."""

from __future__ import annotations

from sqlmodel import Session

from api import pagination
from api.schemas.common import Page
from api.schemas.deliveries import AttemptOut, DeliveryOut, delivery_out
from hookline.persistence import queries
from hookline.persistence.queries.explorer import Filter


def deliveries_page(session: Session, cursor: str | None, limit: int, *,
                    event_id: str | None = None, message_id: str | None = None
                    ) -> Page[DeliveryOut]:
    """One page of the Deliveries of an event or of a message, oldest first."""
    scope = f"deliveries:{event_id or message_id}"
    rows = queries.deliveries.list_for(session, event_id=event_id, message_id=message_id,
                               after=pagination.decode(scope, cursor), limit=limit)
    items, next_cursor = pagination.page(rows, limit, scope, lambda d: d.id)
    return Page[DeliveryOut](items=[delivery_out(d) for d in items], next_cursor=next_cursor)


def attempts_page(session: Session, target_id: str, found: Filter, cursor: str | None,
                  limit: int) -> Page[AttemptOut]:
    """One page of the attempts to an endpoint or destination, newest first."""
    scope = f"target-attempts:{target_id}"
    rows = queries.attempts.search(session, target_id, found, pagination.decode(scope, cursor),
                                  limit)
    items, next_cursor = pagination.page(rows, limit, scope, lambda a: a.id)
    return Page[AttemptOut](items=[AttemptOut.model_validate(a, from_attributes=True)
                                   for a in items], next_cursor=next_cursor)
