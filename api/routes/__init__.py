"""One router per resource; ROUTERS is the order they are mounted in."""

from fastapi import APIRouter

from api.routes import (
    consumers,
    deliveries,
    destinations,
    endpoints,
    event_types,
    events,
    health,
    ingest,
    messages,
    providers,
    sources,
)

ROUTERS: list[APIRouter] = [health.router, consumers.router, event_types.router,
                            events.router, deliveries.router, endpoints.router,
                            sources.router, destinations.router, messages.router,
                            providers.router, ingest.router]
