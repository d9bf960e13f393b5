"""Issue 47, filters: a tenant's filter runs within a budget, off the batch thread that every
tenant's publishes share. Costly filters are refused at save with a 422 naming `filter`; a
filter that fits at save and meets a large event stops at its budget (no match, counted);
errors are CEL's words. Tried as a hostile tenant would, end to end,
and through the engine's own entry points."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from prometheus_client import REGISTRY
from sqlalchemy import create_engine

from hookline.errors import DomainError
from hookline.persistence.batches import BatchWriter
from hookline.persistence.models import Endpoint
from hookline.tenant_code import filters
from hookline.tenant_code.filter_pool import FilterPool, run_filtered
from tests.support.api import ok, publish, setup_endpoint
from tests.support.receiver import Receiver
from tests.support.stack import Tenant
from tests.test_filters import refused_filter
from tests.test_target_settings import Kind
from tests.test_target_settings import kind as kind

# Every filter here is compiled or run by cel-go.
pytestmark = pytest.mark.usefixtures("tool_cel")

THIRTY = "[" + ",".join(str(n) for n in range(30)) + "]"
# The filter: four nested map comprehensions over 30-element literals (378
# characters); 30^4 iterations took 10 s per publish before the budget.
HOSTILE = (f"{THIRTY}.map(a, {THIRTY}.map(b, {THIRTY}.map(c, {THIRTY}.map(d, a + b + c + d))))"
           ".size() > 0")
# Fits at save (linear in the data), and meets an event too large for it.
LINEAR = 'data.items.exists(i, i.sku == "none")'


def _endpoints(*sources: str | None) -> list[Endpoint]:
    return [Endpoint(id=f"ep_{n}", environment_id="env", consumer_id="c", url="u", secret="s",
                     filter=source) for n, source in enumerate(sources)]


def _verdict(source: str, data: Any) -> filters.Verdict:
    with filters.context(filters.event_variables("a.b", data, "c", "evt_1")) as seen:
        return filters.evaluate(source, seen)


def _refusal(source: str) -> str:
    with pytest.raises(DomainError) as refused:
        filters.check(source)
    errors = refused.value.errors
    assert errors is not None and [e["field"] for e in errors] == ["filter"], errors
    return str(errors[0]["message"])


@pytest.mark.parametrize("costly", [
    HOSTILE,
    f"{THIRTY}.exists(a, {THIRTY}.exists(b, {THIRTY}.exists(c, {THIRTY}.exists(d, a == d))))",
    "data.items.exists(a, data.items.exists(b, data.items.exists(c, a == b && b == c)))",
    "[" + ",".join(["1"] * 900) + "].exists(a, [" + ",".join(["2"] * 900) + "].exists(b, a == b))",
])
def test_a_costly_filter_is_refused_with_its_cost(costly: str) -> None:
    assert len(costly.encode()) <= filters.MAX_FILTER
    message = _refusal(costly)
    assert "over the budget" in message and "units" in message, message


@pytest.mark.parametrize("bad, says", [
    ('data.amount + "x"', "not a bool"),
    ('"a"', "not a bool"),
    ("1", "not a bool"),
    ("data.x + 1", "not a bool"),
    ("(" * 400 + "true" + ")" * 400, "does not compile"),
    ("nope == 1", "undeclared reference to 'nope'"),
    ("data.(", "line 1, column 6"),
])
def test_a_filter_that_can_never_match_is_refused_in_cels_words(bad: str, says: str) -> None:
    message = _refusal(bad)
    assert says in message, message
    assert "Error" not in message.split(":")[0] and "Exception" not in message, message


def test_long_unicode_and_other_kinds_filters_are_taken_and_bounded() -> None:
    long_and = " && ".join(f"data.n != {n}" for n in range(245))
    assert 3900 < len(long_and.encode()) <= filters.MAX_FILTER
    assert filters.check(long_and) == long_and
    assert _verdict(long_and, {"n": 1000}).matched is True
    unicode = 'data.name == "café ☕ 😀" && data.name.size() == 8'
    assert filters.check(unicode) == unicode
    assert _verdict(unicode, {"name": "café ☕ 😀"}).matched is True
    # `type` is the event's type; type(x) is still CEL's function.
    typed = 'type == "a.b" && type(data.n) == int'
    assert filters.check(typed) == typed and _verdict(typed, {"n": 1}).matched is True
    # A destination's variables in an endpoint's filter: taken (as before), never a match.
    assert _verdict(filters.check('body.action == "x"') or "", {"n": 1}).matched is False


def test_an_evaluation_stops_at_its_budget_and_says_so() -> None:
    assert filters.check(LINEAR) == LINEAR
    small = {"items": [{"sku": str(n)} for n in range(100)]}
    assert _verdict(LINEAR, small) == filters.Verdict(False)
    large = {"items": [{"sku": str(n)} for n in range(60_000)]}  # about 1 MiB
    before = REGISTRY.get_sample_value("hookline_filter_over_budget_total",
                                       {"target": "endpoint"}) or 0.0
    verdict = _verdict(LINEAR, large)
    assert verdict.matched is False and verdict.over_budget is True
    assert f"{filters.COST_BUDGET:,} cost units" in str(verdict.error)
    kept, out = filters.admitted(_endpoints(None, LINEAR), lambda: filters.event_variables(
        "a.b", large, "c", "evt_1"))
    assert [t.id for t in kept] == ["ep_0"] and out == 1
    after = REGISTRY.get_sample_value("hookline_filter_over_budget_total",
                                      {"target": "endpoint"})
    assert after == before + 1


def test_runtime_errors_are_cels_words() -> None:
    assert _verdict("data.amount > 1", {}).error == "no such key: amount"
    assert "not a bool" in str(_verdict("data.n", {"n": 1}).error)


def test_a_batched_check_never_evaluates_a_filter() -> None:
    """With verdicts (the batch's path), a filter without one is handed back, unevaluated."""
    spent = REGISTRY.get_sample_value("hookline_user_code_seconds_total",
                                      {"target": "endpoint", "code": "filter"}) or 0.0
    targets = _endpoints(None, "data.n > 1", "data.n < 1")
    with pytest.raises(filters.Unevaluated) as deferred:
        filters.admitted(targets, lambda: filters.event_variables("a.b", {"n": 5}, "c", "e"),
                         {}, owner="csm_1")
    assert deferred.value.owner == "csm_1"
    assert deferred.value.pending == {("endpoint", "data.n > 1"), ("endpoint", "data.n < 1")}
    assert REGISTRY.get_sample_value("hookline_user_code_seconds_total", {
        "target": "endpoint", "code": "filter"}) in (None, spent)
    verdicts = filters.evaluate_all(deferred.value)
    kept, out = filters.admitted(targets, lambda: {}, verdicts, owner="csm_1")
    assert [t.id for t in kept] == ["ep_0", "ep_1"] and out == 1


def test_run_filtered_evaluates_outside_the_batch_thread(tmp_path: Any) -> None:
    """A job run through the real batch writer: its filters run on the pool's threads, and
    the job runs again with their verdicts."""
    import threading

    engine = create_engine(f"sqlite:///{tmp_path / 'batch.db'}")
    writer, pool = BatchWriter(engine), FilterPool()
    targets = _endpoints("data.n > 1", None)
    runs: list[str] = []
    variables = filters.event_variables("a.b", {"n": 5}, "c", "e")

    def job(verdicts: filters.Verdicts | None, _: Any) -> Any:
        def check(session: Any) -> list[str]:
            runs.append(threading.current_thread().name)
            kept, _ = filters.admitted(targets, lambda: variables, verdicts, owner="o")
            return [t.id for t in kept]
        return check

    async def go() -> list[str]:
        return await run_filtered(writer, pool, job)

    try:
        assert asyncio.run(go()) == ["ep_0", "ep_1"]
    finally:
        writer.close()
        pool.close()
    assert runs == ["hookline-batches", "hookline-batches"]


def test_a_costly_filter_is_refused_by_the_api_and_changes_nothing(kind: Kind) -> None:
    created = kind.create(filter="data.n > 1")
    problem = refused_filter(kind.tenant.client.patch(
        f"{kind.path}/{created['id']}", json={"filter": HOSTILE, "description": "changed"}))
    assert "over the budget" in problem["detail"], problem
    after = kind.read(created["id"])
    assert after["filter"] == "data.n > 1" and after["description"] is None
    refused_filter(kind.tenant.client.post(kind.create_path, json=kind.body(filter=HOSTILE)))


def test_a_filter_over_budget_at_publish_is_no_match_and_the_preview_says_why(
        tenant: Tenant, receiver: Receiver) -> None:
    hostile = setup_endpoint(tenant, receiver.url("/hostile"))
    ok(tenant.client.patch(f"/v1/endpoints/{hostile['id']}", json={"filter": LINEAR}))
    plain = setup_endpoint(tenant, receiver.url("/plain"))
    large = {"items": [{"sku": str(n)} for n in range(60_000)]}
    started = time.monotonic()
    event = publish(tenant, large)
    assert (event["deliveries"], event["filtered"]) == (1, 1)
    assert time.monotonic() - started < 30  # before the budget: minutes per publish
    small = publish(tenant, {"items": [{"sku": "none"}]})
    assert (small["deliveries"], small["filtered"]) == (2, 0)
    receiver.wait(2, "/plain")
    preview = ok(tenant.client.post(f"/v1/endpoints/{hostile['id']}/preview",
                                    json={"eventId": event["id"]}))
    assert preview["matched"] is False and "budget" in preview["error"], preview
    assert ok(tenant.client.get(f"/v1/endpoints/{plain['id']}"))["status"] == "Enabled"
