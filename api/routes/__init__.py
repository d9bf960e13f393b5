"""One router per resource; ROUTERS is the order they are mounted in."""

from fastapi import APIRouter

from api.routes import (
    consumers,
    deliveries,
    destinations,
    endpoints,
    environment,
    event_types,
    events,
    health,
    ingest,
    messages,
    metrics,
    notices,
    operational_endpoints,
    polling,
    portal_links,
    providers,
    recoveries,
    sources,
)

# Routing tries routers in this order: the two busiest paths, ingestion and publishing, first.
ROUTERS: list[APIRouter] = [ingest.router, events.router, health.router, consumers.router,
                            event_types.router, deliveries.router, endpoints.router,
                            sources.router, destinations.router, messages.router,
                            providers.router, recoveries.router,
                            operational_endpoints.router, metrics.router,
                            portal_links.router, environment.router, polling.router,
                            notices.router]
