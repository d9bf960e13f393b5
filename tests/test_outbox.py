"""The outbox of Delivery workflow starts (`hookline.delivery.outbox`), on SQLite and
PostgreSQL: each start is taken once, oldest first, even by relays taking at the same time;
no more are taken than keep HOOKLINE_RELAY_MAX_WAITING Deliveries admitted at once, nor
more of one target than its gate admits; and the reconciler leaves queued and admitted
starts alone. A database of its own, so the stack's running relay does not take these
rows."""

from __future__ import annotations

import itertools
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import Engine, create_engine, func, insert, text, update
from sqlalchemy.engine import make_url
from sqlmodel import Session, col, select

from hookline.contracts import DeliveryStart
from hookline.delivery import attempts, gate, outbox, polling
from hookline.delivery.handoff import Handoff
from hookline.delivery.model import Unsent
from hookline.delivery.reconciler import orphans
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.db import committed, make_engine
from hookline.persistence.migrations import upgrade
from hookline.persistence.models import (
    Attempt,
    AttemptLease,
    Consumer,
    Delivery,
    DeliveryBatch,
    Endpoint,
    Event,
    OutboxStart,
    TargetGate,
)
from hookline.services import accounts, deliveries
from hookline.statuses import DeliveryStatus
from hookline.timeutil import utcnow

# The outbox claims rows with each database's own locking (SKIP LOCKED, the write lock).
pytestmark = pytest.mark.both_databases


def limits(max_admitted: int = 1000, max_in_flight: int = 1000) -> gate.Limits:
    return gate.Limits(max_in_flight=max_in_flight, circuit_failures=5, circuit_open=30,
                       lease_ttl=60, max_admitted=max_admitted)


@pytest.fixture
def engine(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    if database_url.startswith("sqlite"):
        url = f"sqlite:///{tmp_path_factory.mktemp('outbox') / 'outbox.db'}"
        upgrade(url)
        engine = make_engine(url)
        yield engine
        engine.dispose()
        return
    name = f"outbox_{uuid.uuid4().hex[:12]}"
    server = create_engine(database_url, isolation_level="AUTOCOMMIT")
    with server.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    url = make_url(database_url).set(database=name).render_as_string(hide_password=False)
    upgrade(url)
    engine = make_engine(url)
    yield engine
    engine.dispose()
    with server.connect() as conn:
        conn.execute(text(f"DROP DATABASE {name}"))
    server.dispose()


def _start(n: int) -> DeliveryStart:
    if n % 2:
        return DeliveryStart(delivery_id=f"dlv_{n:04d}", delays=[1.0, 2.5],
                             environment_id="env_1", summary=f"invoice.paid -> url {n}",
                             endpoint_id="ep_1", event_type="invoice.paid", consumer="acme")
    return DeliveryStart(delivery_id=f"dlv_{n:04d}", delays=[], environment_id="env_2",
                         summary="shop -> url", destination_id="dst_1", extra={"k": "v"})


def _add(engine: Engine, numbers: range) -> None:
    with Session(engine) as session:
        outbox.add(session, [_start(n) for n in reversed(numbers)])
        _grown(session, "ep_1", "dst_1")
        session.commit()


def _grown(session: Session, *targets: str, limit: float = 1000.0) -> None:
    """Targets whose adaptive concurrency limit has grown (a new one starts at 1): for the
    tests of what the outbox does beyond it. Only the ceiling limits them then."""
    session.execute(insert(TargetGate), [{"target_id": t, "concurrency_limit": limit}
                                         for t in targets])


def test_takes_oldest_first_each_once_and_whole(engine: Engine) -> None:
    _add(engine, range(10))
    with Session(engine) as session:
        first = outbox.take(session, 3, limits())
        rest = outbox.take(session, 100, limits())
        after = outbox.take(session, 100, limits())
    assert first == [_start(n) for n in range(3)]  # every field survives the round trip
    assert rest == [_start(n) for n in range(3, 10)]
    assert after == []


def test_an_empty_outbox_is_read_without_the_write_lock(engine: Engine) -> None:
    answers: list[list[DeliveryStart]] = []

    def relay() -> None:
        with Session(engine) as session:
            answers.append(outbox.take(session, 10, limits()))

    with Session(engine) as writer, writer.begin():
        # A writer in the middle of a transaction (on SQLite it holds the write lock).
        outbox.add(writer, [_start(1)])
        writer.flush()
        thread = threading.Thread(target=relay)
        thread.start()
        thread.join(timeout=5)
        assert answers == [[]]  # at once, not after the writer: nothing is committed yet
    thread.join(timeout=5)


def test_relays_taking_at_once_never_share_a_start(engine: Engine) -> None:
    _add(engine, range(400))
    taken: list[list[DeliveryStart]] = [[] for _ in range(4)]

    def relay(mine: list[DeliveryStart]) -> None:
        with Session(engine) as session:
            deadline = time.monotonic() + 30
            # A pass whose candidates another relay took first takes nothing: go on until
            # the outbox is empty, as the relay loop does.
            while time.monotonic() < deadline:
                batch = outbox.take(session, 9, limits())
                mine.extend(batch)
                if not batch and session.execute(text(
                        "SELECT count(*) FROM delivery_outbox")).scalar_one() == 0:
                    session.commit()
                    return
                session.commit()

    threads = [threading.Thread(target=relay, args=(mine,)) for mine in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    ids = [s.delivery_id for mine in taken for s in mine]
    assert sorted(ids) == [f"dlv_{n:04d}" for n in range(400)]  # all of them, none twice
    assert sum(1 for mine in taken if mine) >= 2  # they did take side by side


def _pending_deliveries(engine: Engine, count: int) -> list[str]:
    """`count` pending Deliveries of one event, with their starts in the outbox."""
    with Session(engine) as session:
        org = committed(session, accounts.create_org, f"org-{uuid.uuid4().hex[:8]}")
        env = committed(session, accounts.create_env, org.id, "prod", "production")
        event = Event(id=new_id("evt"), environment_id=env.id, type="invoice.paid",
                      consumer_id="csm_gone", consumer_external_id="acme", payload="{}")
        session.add(event)
        session.flush()
        gone = Endpoint(id="ep_gone", environment_id=env.id, consumer_id="csm_gone",
                        url="http://gone.invalid/", secret="whsec_gone")  # never stored
        starts = deliveries.add_for_event(session, event, [gone] * count, [1.0])
        _grown(session, "ep_gone")
        session.commit()
        return sorted(s.delivery_id for s in starts)


def test_takes_no_more_than_keep_max_admitted_in_temporal(engine: Engine) -> None:
    ids = _pending_deliveries(engine, 10)
    with Session(engine) as session:
        assert [s.delivery_id for s in outbox.take(session, 100, limits(4))] == ids[:4]
        assert outbox.take(session, 100, limits(4)) == []  # four admitted, none recorded yet
        for delivery_id in ids[:3]:  # as their attempts' outcomes do
            gate.release(session, delivery_id)
        session.commit()
        assert [s.delivery_id for s in outbox.take(session, 2, limits(4))] == ids[4:6]
        assert [s.delivery_id for s in outbox.take(session, 100, limits(4))] == ids[6:7]


def test_the_reconciler_leaves_queued_and_admitted_deliveries_alone(engine: Engine) -> None:
    ids = _pending_deliveries(engine, 3)
    with Session(engine) as session:
        taken = outbox.take(session, 1, limits())  # and lost, as by a relay that died
        assert orphans(session, timedelta(0), [1.0]) == []  # its lease is live
        session.execute(update(AttemptLease).values(expires_at=utcnow() - timedelta(seconds=1)))
        session.commit()
        found = orphans(session, timedelta(0), [1.0])
    assert [s.delivery_id for s in found] == [taken[0].delivery_id] == ids[:1]


def _starts_for(target: str, count: int, first: int) -> list[DeliveryStart]:
    return [DeliveryStart(delivery_id=f"dlv_{n:04d}", delays=[1.0], environment_id="env_1",
                          summary="t", endpoint_id=target) for n in range(first, first + count)]


def _ids(starts: list[DeliveryStart]) -> list[str]:
    return [s.delivery_id for s in starts]


def test_a_full_target_does_not_hold_back_the_others(engine: Engine) -> None:
    """A thousand starts of a hanging endpoint ahead of a healthy one's: the healthy ones
    are admitted at once, the other target only up to its free attempt slots."""
    with Session(engine) as session:
        outbox.add(session, _starts_for("ep_slow", 30, 0) + _starts_for("ep_fast", 2, 100))
        _grown(session, "ep_slow", "ep_fast")  # to far past the ceiling (3 here)
        session.commit()
        first = _ids(outbox.take(session, 100, limits(max_in_flight=3)))
        assert first == [f"dlv_{n:04d}" for n in (0, 1, 2, 100, 101)]
        assert outbox.take(session, 100, limits(max_in_flight=3)) == []  # ep_slow is full
        gate.release(session, "dlv_0001")  # one attempt's outcome is recorded
        session.commit()
        assert _ids(outbox.take(session, 100, limits(max_in_flight=3))) == ["dlv_0003"]


def test_a_polling_endpoints_starts_take_no_slot_and_go_after_the_others(
        engine: Engine) -> None:
    """Issue 69: a polling endpoint's starts hold no lease and leave their Deliveries
    `pending`, as many as a take reads, each touched so the reconciler leaves it to its
    first look; but after every gated start, of any environment."""
    ids = _pending_deliveries(engine, 40)
    with Session(engine) as session:
        session.execute(update(TargetGate).where(col(TargetGate.target_id) == "ep_gone")
                        .values(polling=True, concurrency_limit=1.0))
        outbox.add(session, _starts_for("ep_push", 2, 9000))
        _grown(session, "ep_push")
        session.execute(update(Delivery).values(updated_at=utcnow() - timedelta(hours=1)))
        session.commit()
        first = _ids(outbox.take(session, 10, limits(max_admitted=4)))
        assert first == ["dlv_9000", "dlv_9001", *ids[:8]]  # the gated ones first
        second = _ids(outbox.take(session, 100, limits(max_admitted=4)))
        assert second == ids[8:]  # beyond its concurrency limit and the admitted cap
        assert session.scalar(select(func.count()).select_from(AttemptLease)) == 2
        statuses = set(session.scalars(select(Delivery.status).where(
            col(Delivery.id).in_(ids))))
        assert statuses == {DeliveryStatus.PENDING}
        assert orphans(session, timedelta(minutes=1), [1.0]) == []  # touched at their start


def test_a_failure_recorded_after_a_commit_delivered_it_leaves_it_delivered(
        engine: Engine) -> None:
    """Issue 69: a polling Delivery's window ends as its Consumer's commit lands: the commit
    stands (a failure yields to a delivery, as to a cancel)."""
    [delivery_id] = _pending_deliveries(engine, 1)
    with Session(engine) as session:
        session.execute(update(Delivery).where(col(Delivery.id) == delivery_id)
                        .values(status=DeliveryStatus.DELIVERED))
        session.commit()
        recorded = attempts.record_attempt(session, delivery_id, polling.NOT_POLLED, None,
                                           limits())
        assert recorded.status is DeliveryStatus.DELIVERED
        stored = session.get(Delivery, delivery_id)
        assert stored is not None and stored.status == DeliveryStatus.DELIVERED


def test_paused_and_open_targets_wait_and_a_due_circuit_sends_one_probe(engine: Engine) -> None:
    now = utcnow()
    later, earlier = now + timedelta(minutes=5), now - timedelta(seconds=1)
    with Session(engine) as session:
        outbox.add(session, _starts_for("ep_paused", 3, 0) + _starts_for("ep_open", 3, 10)
                   + _starts_for("ep_due", 3, 20))
        session.execute(insert(TargetGate), [
            {"target_id": "ep_paused", "paused_until": later},
            {"target_id": "ep_open", "circuit": "open", "circuit_retry_at": later},
            {"target_id": "ep_due", "circuit": "open", "circuit_retry_at": earlier}])
        session.commit()
        assert _ids(outbox.take(session, 100, limits())) == ["dlv_0020"]  # the probe
        assert outbox.take(session, 100, limits()) == []  # the others wait for its outcome
        due = session.get(TargetGate, "ep_due")
        assert due is not None and due.circuit == "half_open"


def test_a_throttled_target_gets_send_times_spaced_by_its_rate(engine: Engine) -> None:
    """The relay admits a second and a half of its rate; each attempt then takes its send
    time, spaced by the rate, in whatever order they come to send."""
    with Session(engine) as session:
        org = committed(session, accounts.create_org, f"org-{uuid.uuid4().hex[:8]}")
        env = committed(session, accounts.create_env, org.id, "dev", "development")
        consumer = Consumer(id=new_id("csm"), environment_id=env.id, external_id="a", name="a")
        session.add(consumer)
        session.flush()
        session.add(Endpoint(id="ep_throttled", environment_id=env.id, consumer_id=consumer.id,
                             url="http://127.0.0.1:9/", secret="whsec_x", rate_limit=4))
        session.flush()
        outbox.add(session, _starts_for("ep_throttled", 12, 0))
        _grown(session, "ep_throttled")
        session.commit()
        assert len(outbox.take(session, 100, limits())) == 6  # 1.5 s of 4/s, not 12
        now = utcnow()
        times = []
        for _ in range(4):
            times.append(gate.reserve_send(session, "ep_throttled", 4, now))
            session.commit()
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(times)]
    assert times[0] == now and gaps == [pytest.approx(gate.THROTTLE_SPACING / 4)] * 3


def _stored_endpoint_deliveries(engine: Engine, count: int, grown: bool = True
                                ) -> tuple[str, list[str]]:
    """`count` pending Deliveries of one event to a stored, enabled endpoint."""
    with Session(engine) as session:
        org = committed(session, accounts.create_org, f"org-{uuid.uuid4().hex[:8]}")
        env = committed(session, accounts.create_env, org.id, "prod", "production")
        consumer = Consumer(id=new_id("csm"), environment_id=env.id, external_id="acme",
                            name="acme")
        endpoint = Endpoint(id=new_id("ep"), environment_id=env.id, consumer_id=consumer.id,
                            url="https://hooks.example.com/in", secret="whsec_" + "a" * 32,
                            custom_headers={"x-team": "billing"}, rate_limit=None)
        event = Event(id=new_id("evt"), environment_id=env.id, type="invoice.paid",
                      consumer_id=consumer.id, consumer_external_id="acme",
                      payload='{"amount": 12}')
        session.add_all([consumer, endpoint, event])
        session.flush()
        starts = deliveries.add_for_event(session, event, [endpoint] * count, [1.0])
        if grown:
            _grown(session, endpoint.id)
        session.commit()
        return endpoint.id, sorted(s.delivery_id for s in starts)


def test_what_the_relay_reads_for_first_attempts_is_what_the_attempt_would_read(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    endpoint_id, ids = _stored_endpoint_deliveries(engine, 3)
    with Session(engine) as session:
        taken = [s.delivery_id for s in outbox.take(session, 100, limits())]
        rows = attempts.read_admitted(session, taken)
        assert sorted(taken) == ids and sorted(rows) == ids
        for delivery_id in ids:
            handed = attempts.ready(rows[delivery_id])
            assert handed is not None and handed.body == b'{"amount": 12}' and handed.clean
            assert handed == attempts.prepare_attempt(session, delivery_id, limits())
        # A run of failures to end: the attempt knows, and its success writes the gate.
        session.execute(update(TargetGate).where(col(TargetGate.target_id) == endpoint_id)
                        .values(failures=2))  # the relay made the row
        session.commit()
        dirty = attempts.ready(attempts.read_admitted(session, ids[1:2])[ids[1]])
        assert dirty is not None and not dirty.clean
        ok = attempts.AttemptResult(succeeded=True, status_code=200, response_body="",
                                    error_type=None, error_message=None, duration_ms=3)
        attempts.record_attempt(session, ids[1], ok, 1.0, limits(), clean=dirty.clean)
        assert session.get(TargetGate, endpoint_id).failures == 0  # type: ignore[union-attr]
        # Not the common case: the attempt reads the Delivery itself and decides.
        session.execute(update(AttemptLease).where(col(AttemptLease.delivery_id) == ids[0])
                        .values(expires_at=utcnow() - timedelta(seconds=1)))
        session.execute(update(Endpoint).where(col(Endpoint.id) == endpoint_id)
                        .values(status="disabled"))
        session.commit()
        again = attempts.read_admitted(session, ids)
        assert [attempts.ready(again[d]) for d in ids] == [None, None, None]
        assert attempts.prepare_attempt(session, ids[0], limits()) == \
            Unsent(DeliveryStatus.CANCELLED)

    handoff = Handoff()
    handoff.hand({"dlv_a": "row a", "dlv_b": "row b", "dlv_c": "row c"})
    assert handoff.handed("dlv_a") == "row a" and handoff.handed("dlv_a") is None  # once only
    monkeypatch.setattr(handoff, "handed_for", 0.0)
    time.sleep(0.01)
    assert handoff.handed("dlv_b") is None  # too old: the attempt reads it again
    assert "dlv_c" in handoff.kept
    handoff.hand({})
    assert not handoff.kept  # the next pass forgets what nobody asked for in time


def _forget_event(engine: Engine, delivery_id: str) -> None:
    """What the foreign keys never let happen: a Delivery whose event row is gone."""
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        if engine.dialect.name == "sqlite":  # no transaction is open: the pragma applies
            cursor.execute("PRAGMA foreign_keys=OFF")
        else:
            cursor.execute("SET session_replication_role = replica")
        cursor.execute("DELETE FROM events WHERE id = (SELECT event_id FROM deliveries "
                       f"WHERE id = '{delivery_id}')")
        raw.commit()
    finally:
        raw.close()


def test_a_delivery_whose_event_is_gone_is_not_attempted_again(engine: Engine) -> None:
    _, [delivery_id] = _stored_endpoint_deliveries(engine, 1)
    _forget_event(engine, delivery_id)
    with Session(engine) as session, pytest.raises(attempts.ContentGone, match="is gone"):
        attempts.prepare_attempt(session, delivery_id, limits())


def test_a_start_held_by_an_open_circuit_past_its_window_ends_exhausted(engine: Engine) -> None:
    """The retry schedule is a window: the outbox holds a start behind an open circuit until
    creation + the sum of its delays (1 s here), not after. Then it ends `exhausted` with a
    final attempt that sent nothing, which counts toward disabling the endpoint and leaves
    the breaker as it was. A closed target's starts are never ended, however old."""
    endpoint_id, ids = _stored_endpoint_deliveries(engine, 3, grown=False)
    with Session(engine) as session:
        row = session.get(OutboxStart, ids[0])
        assert row is not None and row.queued_at is not None and row.window_end is not None
        assert (row.window_end - row.queued_at).total_seconds() == pytest.approx(1.0)
        session.execute(insert(TargetGate).values(
            target_id=endpoint_id, circuit="open", failures=5,
            circuit_retry_at=utcnow() + timedelta(minutes=5)))
        session.commit()
        assert outbox.ended(session, utcnow(), 100) == []  # inside its window: it waits
        assert outbox.take(session, 100, limits()) == []
        ended = outbox.ended(session, utcnow() + timedelta(seconds=2), 100)
        assert ended == ids
        recorded = attempts.end_held(session, ids[0], limits())
        assert recorded is not None and recorded.status == "exhausted"
        assert recorded.target_id == endpoint_id and recorded.attempt == 1
        assert attempts.end_held(session, ids[0], limits()) is None  # once only
        delivery = session.get(Delivery, ids[0])
        assert delivery is not None and delivery.status == "exhausted"
        [attempt] = session.exec(select(Attempt).where(Attempt.delivery_id == ids[0])).all()
        assert (attempt.status, attempt.error_type, attempt.status_code,
                attempt.duration_ms) == ("failed", "circuit_open", None, 0)
        assert session.get(OutboxStart, ids[0]) is None
        endpoint = session.get(Endpoint, endpoint_id)
        assert endpoint is not None and endpoint.failure_count == 1
        breaker = session.get(TargetGate, endpoint_id)
        assert breaker is not None and (breaker.circuit, breaker.failures) == ("open", 5)
        session.execute(update(TargetGate).values(circuit="closed"))
        session.commit()
        assert outbox.ended(session, utcnow() + timedelta(days=1), 100) == []


@pytest.mark.parametrize(("held", "wait", "window_left", "expected"), [
    (False, 2.0, -5, 2.0),  # the cap or a pause: it only waits, window or not
    (True, 20.0, None, 20.0),  # a history from before the window
    (True, 20.0, 4.0, 4.0),  # held: it wakes when its window ends
    (True, 2.0, 4.0, 2.0),
    (True, 2.0, 0.0, None),  # held at its window's end: it ends
])
def test_a_breaker_holds_an_attempt_inside_its_window_only(
        held: bool, wait: float, window_left: float | None, expected: float | None) -> None:
    now = 1_000_000.0
    refused = attempts.Refused(status=DeliveryStatus.RETRYING, wait=wait, held=held)
    window_end = None if window_left is None else now + window_left
    assert attempts.waiting(refused, window_end, now) == expected


def _result(ok: bool, status: int | None, error: str | None = None, ms: int = 3
            ) -> attempts.AttemptResult:
    return attempts.AttemptResult(succeeded=ok, status_code=status, response_body="",
                                  error_type=error, error_message=None, duration_ms=ms)


def test_a_target_is_admitted_up_to_its_concurrency_limit_which_its_outcomes_move(
        engine: Engine) -> None:
    """A new target starts at one attempt at a time; each prompt success while it used half
    its limit or more adds one; a timeout, connection error, 5xx or 429 halves it, a success
    well slower than usual takes a tenth off, and a 4xx leaves it. Never below 1 nor above
    the ceiling; a new URL or a re-enable starts it again at 1."""
    endpoint_id, _ids_made = _stored_endpoint_deliveries(engine, 12, grown=False)

    def shown() -> int:
        return gate.health_of(session, [endpoint_id])[endpoint_id].concurrency_limit

    def stored() -> float:
        row = session.get(TargetGate, endpoint_id)
        session.commit()
        assert row is not None
        return row.concurrency_limit

    def outcome(delivery_id: str, result: attempts.AttemptResult, slow: bool = False,
                ceiling: int = 1000) -> None:
        row = attempts.ready(attempts.read_admitted(session, [delivery_id])[delivery_id])
        assert row is not None and row.limit is not None  # what the attempt saw
        attempts.record_attempt(session, delivery_id, result, 1.0, limits(max_in_flight=ceiling),
                                seen_limit=row.limit, slow=slow)
        session.expire_all()

    with Session(engine) as session:
        assert shown() == 1  # never gated: the floor
        [first] = _ids(outbox.take(session, 100, limits()))
        assert outbox.take(session, 100, limits()) == []  # one at a time
        outcome(first, _result(True, 200))
        assert stored() == 2 and shown() == 2
        second = _ids(outbox.take(session, 100, limits()))
        assert len(second) == 2  # its limit now
        for delivery_id in second:  # each used half the limit or more: each adds one
            outcome(delivery_id, _result(True, 204))
        assert stored() == 4
        taken = _ids(outbox.take(session, 100, limits()))
        assert len(taken) == 4
        outcome(taken[0], _result(False, 404, "http_status"))  # an answer: no change
        assert stored() == 4
        outcome(taken[1], _result(True, 200), slow=True)
        assert stored() == pytest.approx(3.6) and shown() == 3
        outcome(taken[2], _result(False, None, "timeout"))
        assert stored() == pytest.approx(1.8)
        outcome(taken[3], _result(False, 503, "http_status"))
        assert stored() == 1  # the floor
        [again] = _ids(outbox.take(session, 100, limits()))
        outcome(again, _result(False, 429, "http_status"))
        assert stored() == 1
        # The ceiling: a limit above it (the setting was lowered) comes down with a success.
        session.execute(update(TargetGate).values(concurrency_limit=50.0))
        session.commit()
        assert len(_ids(outbox.take(session, 100, limits(max_in_flight=2)))) == 2
        [lease] = session.exec(select(AttemptLease)).all()[:1]
        outcome(lease.delivery_id, _result(True, 200), ceiling=2)
        assert stored() == 2
        gate.forget(session, endpoint_id)
        session.commit()
        assert stored() == 1


def test_a_limit_the_traffic_does_not_use_does_not_grow(engine: Engine) -> None:
    endpoint_id, ids = _stored_endpoint_deliveries(engine, 2, grown=False)
    with Session(engine) as session:
        session.execute(insert(TargetGate).values(target_id=endpoint_id, concurrency_limit=8.0))
        session.commit()
        taken = _ids(outbox.take(session, 100, limits()))
        assert taken == ids
        leases = session.exec(select(AttemptLease).order_by(col(AttemptLease.delivery_id))).all()
        assert [lease.in_flight for lease in leases] == [1, 2]  # counted at admission
        for delivery_id in taken:  # 1 and 2 in flight of 8: under half
            attempts.record_attempt(session, delivery_id, _result(True, 200), 1.0, limits(),
                                    seen_limit=8.0)
        gated = session.get(TargetGate, endpoint_id)
        assert gated is not None and gated.concurrency_limit == 8.0


def _tenant_backlog(engine: Engine, targets: dict[str, int], weight: int | None = None
                    ) -> dict[str, list[str]]:
    """An organization of its own (with `weight` in its plan) whose environment has, for
    each target named, that many pending Deliveries queued: their ids by target, oldest
    first. Its targets' limits have grown past every ceiling here."""
    with Session(engine) as session:
        org = committed(session, accounts.create_org, f"org-{uuid.uuid4().hex[:8]}")
        env = committed(session, accounts.create_env, org.id, "prod", "production")
        if weight is not None:
            committed(session, accounts.set_plan, org.id, weight=weight)
        event = Event(id=new_id("evt"), environment_id=env.id, type="invoice.paid",
                      consumer_id="csm_x", consumer_external_id="acme", payload="{}")
        session.add(event)
        session.flush()
        queued: dict[str, list[str]] = {}
        for target, count in targets.items():
            endpoint = Endpoint(id=target, environment_id=env.id, consumer_id="csm_x",
                                url="http://x.invalid/", secret="whsec_x")  # never stored
            starts = deliveries.add_for_event(session, event, [endpoint] * count, [1.0])
            queued[target] = sorted(s.delivery_id for s in starts)
        _grown(session, *targets)
        session.commit()
        return queued


def _of(taken: list[DeliveryStart], queued: dict[str, list[str]]) -> int:
    mine = {d for ids in queued.values() for d in ids}
    return sum(1 for s in taken if s.delivery_id in mine)


def test_environments_take_turns_whoever_queued_first(engine: Engine) -> None:
    """Issue 64: a backlog queued first does not hold another environment's newer starts,
    and inside an environment a target with a backlog does not hold another's."""
    a = _tenant_backlog(engine, {"ep_a1": 200, "ep_a2": 200, "ep_a3": 200})
    b = _tenant_backlog(engine, {"ep_b1": 2, "ep_b2": 1})
    with Session(engine) as session:
        first = outbox.take(session, 6, limits(max_admitted=1000))
    # Turns: (b's attempts in flight + its place) against a's, so half each ...
    assert _of(first, b) == 3 and _of(first, a) == 3
    # ... and inside each environment, one start of each target before any second one.
    assert {s.endpoint_id for s in first} == {"ep_a1", "ep_a2", "ep_a3", "ep_b1", "ep_b2"}


def test_a_newcomer_goes_at_once_when_another_holds_the_whole_cap(engine: Engine) -> None:
    """A holds every slot of the cap (attempts that hang until they time out); B's starts
    are admitted up to B's share at once, and A gets no more until the cap has room."""
    a = _tenant_backlog(engine, {"ep_a1": 30, "ep_a2": 30})
    with Session(engine) as session:
        assert _of(outbox.take(session, 100, limits(max_admitted=10)), a) == 10
        b = _tenant_backlog(engine, {"ep_b1": 8})
        again = outbox.take(session, 100, limits(max_admitted=10))
        assert _of(again, b) == 5 and _of(again, a) == 0  # B's share: half of 10
        assert outbox.take(session, 100, limits(max_admitted=10)) == []


def test_weights_divide_the_cap(engine: Engine) -> None:
    """Plans weighted 3 and 1, both with backlogs: the cap goes 3 to 1."""
    heavy = _tenant_backlog(engine, {"ep_h1": 50, "ep_h2": 50}, weight=3)
    light = _tenant_backlog(engine, {"ep_l1": 50, "ep_l2": 50})
    with Session(engine) as session:
        taken = outbox.take(session, 100, limits(max_admitted=8))
    assert (_of(taken, heavy), _of(taken, light)) == (6, 2)
    assert {s.weight for s in taken if s.delivery_id in heavy["ep_h1"]} == {3}


def test_retries_keep_to_the_cap_and_their_environments_share_of_it(engine: Engine) -> None:
    """Issue 64: a retry holds no lease and asks at attempt time. Past the admitted cap, A's
    retries wait (a retry storm is a burst like any other), and B's is admitted within its
    share."""
    _, a = _stored_endpoint_deliveries(engine, 12)
    capped = limits(max_admitted=10)
    with Session(engine) as session:
        taken = {s.delivery_id for s in outbox.take(session, 10, capped)}
        assert len(taken) == 10 and taken <= set(a)  # A's first attempts fill the cap
        _, b = _stored_endpoint_deliveries(engine, 1)
        retries = [d for d in a if d not in taken] + b
        for delivery_id in retries:  # as if their earlier attempts had failed
            assert outbox.drop(session, delivery_id)
        session.commit()
        a_retry = attempts.prepare_attempt(session, retries[0], capped)
        assert isinstance(a_retry, attempts.Refused) and not a_retry.held
        assert a_retry.wait >= gate.RECHECK
        b_retry = attempts.prepare_attempt(session, b[0], capped)
        assert not isinstance(b_retry, (attempts.Refused, Unsent))  # sent at once
        # Room in the cap (B's retry took a slot too): A's retry goes.
        for delivery_id in sorted(taken)[:2]:
            gate.release(session, delivery_id)
        session.commit()
        assert not isinstance(attempts.prepare_attempt(session, retries[1], capped),
                              (attempts.Refused, Unsent))


def test_a_lease_is_read_under_the_deliverys_own_batch(engine: Engine) -> None:
    """Batches' members hold one lease between them, under their batch's `lease_key`: the
    reconciler and an erase's wait (`any_leased`) read each Delivery's under its own batch,
    or its own id. With two batches stored, a subquery reading every batched Delivery's
    batch failed on PostgreSQL (more than one row) and read another's lease on SQLite."""
    ids = _pending_deliveries(engine, 5)
    with Session(engine) as session:
        [taken] = outbox.take(session, 1, limits())  # admitted: leased under its own id
        now = utcnow()
        for n, member in enumerate(ids[2:4]):
            session.add(DeliveryBatch(id=f"bat_{n}", target_id="ep_gone",
                                      lease_key=member, created_at=now))
            session.execute(update(Delivery).where(col(Delivery.id) == member)
                            .values(batch_id=f"bat_{n}"))
        gate_key = ids[2]  # the first batch's lease, held as its attempt sends
        session.add(AttemptLease(delivery_id=gate_key, target_id="ep_gone", in_flight=1,
                                 expires_at=now + timedelta(minutes=1)))
        session.commit()
        assert orphans(session, timedelta(0), [1.0]) == []
        assert queries.deliveries.any_leased(session, [taken.delivery_id], now)
        assert queries.deliveries.any_leased(session, [ids[2]], now)  # its batch's lease
        assert not queries.deliveries.any_leased(session, [ids[3], ids[4]], now)
