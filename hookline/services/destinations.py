"""Destinations: what only a destination has beyond any delivery target (`services/targets`):
the Source it belongs to, at most ten to a Source.

Nothing here commits: the caller owns the transaction."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from hookline.delivery import batches, lines, targets
from hookline.delivery.gate import Health, health_of
from hookline.errors import invalid
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Destination
from hookline.services import sources, target_credentials
from hookline.services.headers import check_headers
from hookline.services.target_credentials import Broker
from hookline.services.targets import TargetRow, check_kind, instance_aws, signing_key
from hookline.tenant_code import filters, transformations

MAX_PER_SOURCE = 10


def create_destination(session: Session, env_id: str, source_id: str, *, url: str,
                       description: str | None, headers: dict[str, str] | None,
                       rate_limit: int | None = None, filter: str | None = None,
                       transformation: str | None = None, signature_scheme: str | None = None,
                       auth: dict[str, Any] | None = None, tls: dict[str, Any] | None = None,
                       broker: Broker = Broker(), ordering: dict[str, Any] | None = None,
                       batch: dict[str, Any] | None = None) -> TargetRow:
    """The URL, the token URL and the transformation are checked by the caller first
    (check_url, check_token_url, check_transformation); everything else here."""
    source = sources.get_forwarding_source(session, env_id, source_id)
    custom = check_headers(headers or {})
    rate_limit = targets.check_rate_limit(rate_limit)
    filter = filters.check(filter)
    batch = batches.check(batch)
    key = signing_key(None, signature_scheme)
    auth, tls = target_credentials.check_auth(auth), target_credentials.check_tls(tls)
    check_kind(session, env_id, url)
    broker_fields = broker.checked(url, auth, tls, env_id, instance_aws(session, env_id))
    # Lock the Source row (PostgreSQL) so that concurrent creations cannot pass the limit.
    queries.sources.lock(session, source.id)
    count = queries.targets.destination_counts(session, [source.id]).get(source.id, 0)
    if count >= MAX_PER_SOURCE:
        raise invalid("sourceId", f"a source has at most {MAX_PER_SOURCE} destinations")
    destination = Destination(id=new_id("dst"), environment_id=env_id, source_id=source.id,
                              url=url, description=description, custom_headers=custom,
                              secret=key, rate_limit=rate_limit, filter=filter,
                              transformation=transformations.check(transformation),
                              auth=auth, tls=tls, ordering=lines.check(ordering),
                              batch=batch, **broker_fields)
    session.add(destination)
    if batch is not None:
        batches.mirror(session, destination.id, batch)
    return TargetRow(destination, Health())  # never gated yet: closed


def list_destinations(session: Session, env_id: str, source_id: str) -> list[TargetRow]:
    source = sources.get_source(session, env_id, source_id)
    rows = queries.targets.destinations_of_source(session, source.id)
    health = health_of(session, [d.id for d in rows])
    return [TargetRow(d, health[d.id]) for d in rows]
