"""Every statement on the service's tables, one module per table or per model (`targets`:
endpoints and destinations; `event_types`: types and their schemas; `accounts`: the
operator's tables; `usage`: metering). Services, the engine and the API read and write
through these; `session.get` by primary key stays where it is used. The engine's own tables
have their statements in their own modules: the outbox in `delivery/outbox.py`, gates and
attempt leases in `delivery/gate.py`."""

from hookline.persistence.queries import (
    accounts,
    attempts,
    consumers,
    deliveries,
    event_types,
    events,
    explorer,
    messages,
    notices,
    polling,
    portal_links,
    portal_notices,
    sources,
    targets,
    usage,
)

__all__ = ["accounts", "attempts", "consumers", "deliveries", "event_types", "events",
           "explorer", "messages", "notices", "polling", "portal_links",
           "portal_notices", "sources", "targets", "usage"]
