"""The loop that closes a process's broker publishers (`brokers.pool`) once idle, or once
their targets are disabled or deleted: the worker's, and the API's (a test send to a broker
target opens one there)."""

from __future__ import annotations

from hookline.delivery.kinds.brokers.pool import Publishers, close_gone_forever
from hookline.persistence import queries
from hookline.persistence.db import session_scope


def enabled_targets(target_ids: list[str]) -> set[str]:
    with session_scope() as session:
        return queries.targets.enabled_among(session, target_ids)


async def sweep_forever(publishers: Publishers) -> None:
    await close_gone_forever(publishers, enabled_targets)
