"""An Idempotency-Key given twice in one group commit (`persistence.batches`) makes one
Event: both checks find no Event with it, the first write inserts, the second finds the
key held and answers the first's Event as a replay, with no quota counted for it. (A
broker Source's messages all carry keys, and a burst of them lands in one batch.) On both
databases (the API in-process, for its migrated schema)."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from hookline.ids import new_id
from hookline.persistence.batches import BatchWriter, Job
from hookline.persistence.models import Environment, Event, UsageCounter
from hookline.services import accounts
from hookline.services.events import NewEvent, Published, check_new_event
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.test_batches import _one_batch

pytestmark = pytest.mark.both_databases
stack = in_process_stack()


def test_one_key_twice_in_one_batch_makes_one_event(stack: Stack, tenant: Tenant) -> None:
    ok(tenant.client.post("/v1/event-types", json={"name": "order.paid"}), 201)
    ok(tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"}), 201)
    with Session(stack.engine) as session:
        env = session.get(Environment, tenant.environment_id)
        assert env is not None
        principal = accounts.principal_of("", env.id, env.kind, env.org_id, None, None)

    def publishing(n: int) -> Job[Published]:
        new = NewEvent(type="order.paid", consumer="acme", data={"n": n},
                       idempotency_key="burst-1")
        return lambda session: check_new_event(session, principal, new, [], None,
                                               new_id("evt"))

    first, second, other = _one_batch(BatchWriter(stack.engine), [
        publishing(1), publishing(2),
        lambda session: check_new_event(session, principal, NewEvent(
            type="order.paid", consumer="acme", data={"n": 3}), [], None, new_id("evt"))])
    assert isinstance(first, Published) and isinstance(second, Published), (first, second)
    assert (first.replayed, second.replayed) == (False, True)
    assert second.event.id == first.event.id
    assert isinstance(other, Published) and not other.replayed
    with Session(stack.engine) as session:
        made = session.exec(select(Event).where(
            Event.environment_id == tenant.environment_id)).all()
        counted = session.exec(select(UsageCounter.events).where(
            UsageCounter.org_id == tenant.org_id)).all()
    assert sorted(e.id for e in made) == sorted([first.event.id, other.event.id])
    assert counted == [2]  # the replay is not counted
