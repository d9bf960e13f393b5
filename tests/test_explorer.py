"""Issue 23: the delivery explorer. "Which deliveries to endpoint X failed, and why?" in one
call: GET /v1/deliveries across events and messages with its filters, the attempts to one
endpoint or destination, each filter served by an index (the plans are checked here)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import event, text
from sqlmodel import Session

from hookline.persistence import queries
from hookline.persistence.queries.explorer import DeliveryFilter, Filter, ResponseStatus
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_destinations import add_destination
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source

# The explorer's filters and cursors seek each database's indexes.
pytestmark = pytest.mark.both_databases


def _list(tenant: Tenant, path: str = "/v1/deliveries", **params: Any) -> list[dict[str, Any]]:
    """Every item of a list, following its cursors, one item a page to test them too."""
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        page = ok(tenant.client.get(path, params={**params, "limit": 1,
                                                  **({"cursor": cursor} if cursor else {})}))
        items += page["items"]
        cursor = page["nextCursor"]
        if cursor is None:
            return items


def _ids(items: list[dict[str, Any]]) -> list[str]:
    return [i["id"] for i in items]


@pytest.fixture
def traffic(tenant: Tenant, receiver: Receiver) -> dict[str, Any]:
    """Consumer acme: an endpoint that answers 200 and one that answers 503 until it is
    exhausted; Consumer globex: an endpoint for order.created; a Source forwarding to a
    destination that answers 200."""
    good = setup_endpoint(tenant, receiver.url("/ok/good"))
    bad = setup_endpoint(tenant, receiver.url("/status/503"))
    other = setup_endpoint(tenant, receiver.url("/ok/other"), event_type="order.created",
                           consumer="globex")
    first = publish(tenant, {"n": 1})  # to good and bad
    second = publish(tenant, {"n": 2}, event_type="order.created", consumer="globex")
    source = make_source(tenant)
    destination = add_destination(tenant, source, receiver.url("/ok/fwd"))
    assert httpx.post(source["url"], content=b'{"x": 1}').status_code == 202
    found: dict[str, Any] = {"good": good, "bad": bad, "other": other,
                             "destination": destination}
    for name, published in (("first", first), ("second", second)):
        for delivery in deliveries_of(tenant, published["id"]):
            wait_delivery(tenant, delivery["id"], timeout=60)
            target = {good["id"]: "good", bad["id"]: "bad", other["id"]: "other"}
            found[f"{name}:{target[delivery['endpointId']]}"] = delivery["id"]
    forwarded = _list(tenant, destination=destination["id"])
    assert len(forwarded) == 1
    found["forwarded"] = wait_delivery(tenant, forwarded[0]["id"], timeout=60)["id"]
    return found


def test_filters_answer_which_deliveries_failed_and_why(tenant: Tenant,
                                                         traffic: dict[str, Any]) -> None:
    everything = _list(tenant)
    good, bad, other = traffic["first:good"], traffic["first:bad"], traffic["second:other"]
    forwarded = traffic["forwarded"]
    assert set(_ids(everything)) == {good, bad, other, forwarded}
    assert _ids(everything) == sorted(_ids(everything), reverse=True)  # newest first
    failed = next(d for d in everything if d["id"] == bad)
    assert failed["status"] == "exhausted" and failed["attempts"] == 4
    assert (failed["responseStatus"], failed["errorType"]) == (503, "http_status")
    assert isinstance(failed["durationMs"], int)
    fine = next(d for d in everything if d["id"] == good)
    assert (fine["responseStatus"], fine["errorType"]) == (200, None)

    by = {
        (("endpoint", traffic["bad"]["id"]),): [bad],
        (("endpoint", traffic["bad"]["id"]), ("status", "delivered")): [],
        (("destination", traffic["destination"]["id"]),): [forwarded],
        (("status", "exhausted"),): [bad],
        (("status", "delivered"),): sorted([good, other, forwarded], reverse=True),
        (("responseStatus", "5xx"),): [bad],
        (("responseStatus", "503"),): [bad],
        (("responseStatus", "504"),): [],
        (("responseStatus", "2xx"),): sorted([good, other, forwarded], reverse=True),
        (("errorType", "http_status"),): [bad],
        (("errorType", "timeout"),): [],
        (("consumer", "globex"),): [other],
        (("consumer", "acme"), ("status", "exhausted")): [bad],
        (("eventType", "order.created"),): [other],
        (("eventType", "invoice.paid"),): sorted([good, bad], reverse=True),
    }
    for params, wanted in by.items():
        assert _ids(_list(tenant, **dict(params))) == wanted, params
    acme = ok(tenant.client.get("/v1/consumers/acme"))
    assert _ids(_list(tenant, consumer=acme["id"])) == sorted([good, bad], reverse=True)


def test_time_bounds_are_inclusive_and_copyable(tenant: Tenant,
                                                 traffic: dict[str, Any]) -> None:
    everything = _list(tenant)  # newest first
    first, last = everything[-1], everything[0]
    # One event's Deliveries share their createdAt: a bound copied from one takes them all.
    assert _ids(_list(tenant, to=first["createdAt"])) == [
        d["id"] for d in everything if d["createdAt"] <= first["createdAt"]]
    assert _ids(_list(tenant, **{"from": last["createdAt"]})) == [
        d["id"] for d in everything if d["createdAt"] >= last["createdAt"]]
    middle = everything[1:-1]
    assert middle and _ids(_list(tenant, **{"from": middle[-1]["createdAt"],
                                            "to": middle[0]["createdAt"]})) == [
        d["id"] for d in everything
        if middle[-1]["createdAt"] <= d["createdAt"] <= middle[0]["createdAt"]]
    assert len(_list(tenant, **{"from": first["createdAt"], "to": last["createdAt"]})) == 4
    assert _list(tenant, to="2000-01-01T00:00:00Z") == []


def test_a_targets_attempts_newest_first_with_the_same_filters(
        tenant: Tenant, traffic: dict[str, Any]) -> None:
    path = f"/v1/endpoints/{traffic['bad']['id']}/attempts"
    tries = _list(tenant, path)
    assert [a["attempt"] for a in tries] == [4, 3, 2, 1]
    assert {(a["statusCode"], a["errorType"], a["targetId"]) for a in tries} == {
        (503, "http_status", traffic["bad"]["id"])}
    assert tries == list(reversed(attempts(tenant, traffic["first:bad"])))
    assert len(_list(tenant, path, status="failed", responseStatus="5xx")) == 4
    assert _list(tenant, path, status="succeeded") == []
    assert _list(tenant, path, responseStatus="200") == []
    assert _list(tenant, path, to=tries[-1]["createdAt"]) == [tries[-1]]
    good = _list(tenant, f"/v1/endpoints/{traffic['good']['id']}/attempts")
    assert [(a["statusCode"], a["status"]) for a in good] == [(200, "succeeded")]
    forwarded = _list(tenant, f"/v1/ingest/destinations/{traffic['destination']['id']}"
                              "/attempts")
    assert [(a["deliveryId"], a["statusCode"]) for a in forwarded] == [
        (traffic["forwarded"], 200)]


@pytest.mark.parametrize("params", [
    {"status": "lost"}, {"errorType": "kaboom"}, {"responseStatus": "6xx"},
    {"responseStatus": "50"}, {"responseStatus": "abc"}, {"limit": "0"}, {"limit": "101"},
    {"from": "yesterday"}, {"from": "2026-01-02T00:00:00Z", "to": "2026-01-01T00:00:00Z"},
    {"cursor": "forged"},
])
def test_bad_filters_are_422(tenant: Tenant, params: dict[str, str]) -> None:
    setup_endpoint(tenant, "http://127.0.0.1:9/x")
    endpoint = ok(tenant.client.get("/v1/endpoints"))[0]["id"]
    for path in ("/v1/deliveries", f"/v1/endpoints/{endpoint}/attempts"):
        if path != "/v1/deliveries" and params.get("status") == "lost":
            continue
        assert_problem(tenant.client.get(path, params=params), 422)
    assert_problem(tenant.client.get(f"/v1/endpoints/{endpoint}/attempts",
                                     params={"status": "exhausted"}), 422)


def test_targets_and_consumers_of_other_environments_are_404(stack: Stack, tenant: Tenant,
                                                             receiver: Receiver) -> None:
    theirs = stack.tenant()
    try:
        endpoint = setup_endpoint(theirs, receiver.url("/ok"))
        destination = add_destination(theirs, make_source(theirs), receiver.url("/ok"))
        for params in ({"endpoint": endpoint["id"]}, {"destination": destination["id"]},
                       {"consumer": "acme"}):
            assert_problem(tenant.client.get("/v1/deliveries", params=params), 404)
        for path in (f"/v1/endpoints/{endpoint['id']}/attempts",
                     f"/v1/ingest/destinations/{destination['id']}/attempts"):
            assert_problem(tenant.client.get(path), 404)
    finally:
        theirs.client.close()


# -- every filter is served by an index, read in id order (no sort of the matches) -------

PLANS = {
    "environment": (DeliveryFilter(), "ix_deliveries_env_id"),
    "endpoint": (DeliveryFilter(endpoint="ep_x", status="exhausted"),
                 "ix_deliveries_endpoint_id"),
    "destination": (DeliveryFilter(destination="dst_x"), "ix_deliveries_destination_id"),
    "consumer": (DeliveryFilter(consumer_id="con_x"), "ix_deliveries_consumer_id"),
    "eventType": (DeliveryFilter(event_type="a.b"), "ix_deliveries_env_type_id"),
    "status": (DeliveryFilter(status="exhausted"), "ix_deliveries_env_status_id"),
    "errorType": (DeliveryFilter(error_type="timeout"), "ix_deliveries_env_error_id"),
    "responseStatus": (DeliveryFilter(response=ResponseStatus(5)),
                       "ix_deliveries_env_class_id"),
}


def _plan(stack: Stack, run: Any) -> str:
    """The plan of the query the explorer runs, captured from the real call and explained
    with the same statement and parameters. PostgreSQL is told to avoid table and bitmap
    scans, which it prefers on tables this small (a bitmap scan then sorts the few rows); at
    scale it walks the index backwards and stops at the page's limit, as shown here."""
    seen: list[tuple[str, Any]] = []

    def capture(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        seen.append((statement, parameters))

    postgres = stack.db_url.startswith("postgres")
    with Session(stack.engine) as session:
        event.listen(stack.engine, "before_cursor_execute", capture)
        try:
            run(session)
        finally:
            event.remove(stack.engine, "before_cursor_execute", capture)
        statement, parameters = seen[-1]
        connection = session.connection()
        if postgres:
            connection.exec_driver_sql("SET LOCAL enable_seqscan = off")
            connection.exec_driver_sql("SET LOCAL enable_bitmapscan = off")
            # Sorting the one row its statistics expect is as cheap as any scan: the plan
            # shown is the one it takes when sorting is not (at scale).
            connection.exec_driver_sql("SET LOCAL enable_sort = off")
        explain = "EXPLAIN " if postgres else "EXPLAIN QUERY PLAN "
        rows = connection.exec_driver_sql(explain + statement, parameters)
        return "\n".join(str(r[-1]) for r in rows)


@pytest.mark.parametrize("name", sorted(PLANS))
def test_each_delivery_filter_seeks_its_index_in_id_order(stack: Stack, name: str) -> None:
    found, index = PLANS[name]
    plan = _plan(stack, lambda s: queries.deliveries.search(s, "env_x", found, None, 50))
    if stack.db_url.startswith("postgres"):
        # PostgreSQL picks among the indexes by its statistics of these few rows (an
        # environment's status may come from (environment, id) and a filter); whichever it
        # takes, it reads an index in id order and sorts nothing.
        assert "Index Scan Backward using ix_deliveries_" in plan, plan
    else:
        assert index in plan, plan
    assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan


def test_attempts_of_a_target_seek_their_index(stack: Stack) -> None:
    found = Filter(status="failed", response=ResponseStatus(5))
    plan = _plan(stack, lambda s: queries.attempts.search(s, "ep_x", found, None, 50))
    assert "ix_attempts_target_id" in plan, plan
    assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan


def test_the_migration_fills_the_new_columns_of_existing_rows(stack: Stack,
                                                               tmp_path: Any) -> None:
    """Rows made before 0011 are listed and filtered like new ones."""
    from alembic import command

    from hookline.persistence.db import make_engine
    from hookline.persistence.migrations import config
    from tests.support.stack import own_database

    url = own_database(stack.db_url, tmp_path)
    command.upgrade(config(url), "0010")
    engine = make_engine(url)
    at = "2026-01-01 00:00:00+00:00"
    with engine.begin() as db:
        for sql in (
            "INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'o', :at)",
            "INSERT INTO environments (id, org_id, name, kind, created_at) "
            "VALUES ('env_1', 'org_1', 'e', 'development', :at)",
            "INSERT INTO events (id, environment_id, type, consumer_id, consumer_external_id,"
            " payload, deliveries, created_at) VALUES ('evt_1', 'env_1', 'invoice.paid', "
            "'con_1', 'acme', '{}', 1, :at)",
            "INSERT INTO deliveries (id, environment_id, event_id, endpoint_id, status, "
            "attempts, created_at, updated_at) VALUES ('dlv_1', 'env_1', 'evt_1', 'ep_1', "
            "'exhausted', 2, :at, :at)",
            "INSERT INTO attempts (id, delivery_id, attempt, status, status_code, error_type,"
            " duration_ms, created_at) VALUES ('att_1', 'dlv_1', 1, 'failed', 500, "
            "'http_status', 7, :at), ('att_2', 'dlv_1', 2, 'failed', 503, 'http_status', "
            "9, :at)",
        ):
            db.execute(text(sql), {"at": at})
    command.upgrade(config(url), "head")
    with engine.connect() as db:
        row = db.execute(text(
            "SELECT event_type, consumer_id, last_status_code, last_status_class, "
            "last_error_type, last_duration_ms FROM deliveries WHERE id = 'dlv_1'")).one()
        assert tuple(row) == ("invoice.paid", "con_1", 503, 5, "http_status", 9)
        targets = db.execute(text("SELECT DISTINCT target_id FROM attempts")).scalars()
        assert list(targets) == ["ep_1"]
    engine.dispose()


def test_target_health_at_a_glance(tenant: Tenant, traffic: dict[str, Any]) -> None:
    """Issue 23, endpoint health: counted by the database over the target's index."""
    bad = ok(tenant.client.get(f"/v1/endpoints/{traffic['bad']['id']}/stats"))
    assert bad["deliveries"] == {"exhausted": 1}
    assert bad["attempts"] == {"2xx": 0, "3xx": 0, "4xx": 0, "5xx": 4, "timeout": 0,
                               "connection": 0, "dns": 0, "tls": 0, "blocked": 0}
    assert bad["successRate"] == 0.0 and bad["lastSuccessAt"] is None
    assert bad["lastFailure"]["statusCode"] == 503
    assert bad["lastFailure"]["errorType"] == "http_status"
    assert bad["consecutiveFailures"] == 4
    durations = sorted(a["durationMs"] for a in attempts(tenant, traffic["first:bad"]))
    assert (bad["durationP50Ms"], bad["durationP95Ms"]) == (durations[1], durations[2])
    assert (bad["status"], bad["disabledReason"]) == ("Enabled", None)

    path = f"/v1/endpoints/{traffic['good']['id']}"
    good = ok(tenant.client.get(f"{path}/stats"))
    assert good["deliveries"] == {"delivered": 1} and good["attempts"]["2xx"] == 1
    assert good["successRate"] == 1.0 and good["consecutiveFailures"] == 0
    assert good["lastSuccessAt"] and good["lastFailure"] is None
    ok(tenant.client.patch(path, json={"status": "disabled"}))
    later = ok(tenant.client.get(f"{path}/stats", params={"since": "2999-01-01T00:00:00Z"}))
    assert later["deliveries"] == {} and sum(later["attempts"].values()) == 0
    assert later["successRate"] is None and later["durationP50Ms"] is None
    assert later["lastSuccessAt"] == good["lastSuccessAt"]  # ever, not only since
    assert (later["status"], later["disabledReason"]) == ("DisabledManually", "manual")

    forwarded = ok(tenant.client.get(
        f"/v1/ingest/destinations/{traffic['destination']['id']}/stats"))
    assert forwarded["deliveries"] == {"delivered": 1} and forwarded["successRate"] == 1.0
    assert_problem(tenant.client.get(f"{path}/stats", params={"since": "soon"}), 422)
    assert_problem(tenant.client.get("/v1/endpoints/ep_nope/stats"), 404)
