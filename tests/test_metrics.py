"""Prometheus metrics, scraped as Prometheus would: the API's /metrics and the worker's
HOOKLINE_WORKER_METRICS_PORT, after real deliveries, ingestion and refusals. On a stack of
its own (a worker metrics port, two API processes so /metrics runs in prometheus_client's
multiprocess mode, one attempt in flight per target so starts wait in the outbox, a quick
breaker)."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterator

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlmodel import Session

from hookline.persistence.db import committed
from hookline.services import accounts
from tests.support import grafana
from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.procs import free_port, stop
from tests.support.promql import exported, unexported
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_ingest import github_headers, github_source
from tests.test_sources import post_in

Samples = defaultdict[tuple[str, frozenset[tuple[str, str]]], float]


class Metered:
    def __init__(self, stack: Stack, worker_port: int) -> None:
        self.stack = stack
        self.api = stack.base_url + "/metrics"
        self.worker = f"http://127.0.0.1:{worker_port}/metrics"


@pytest.fixture(scope="module")
def metered(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Metered]:
    port = free_port()
    own = stack.sibling(tmp_path_factory.mktemp("metrics"),
                        HOOKLINE_WORKER_METRICS_PORT=str(port), HOOKLINE_API_WORKERS="2",
                        HOOKLINE_TARGET_MAX_IN_FLIGHT="1", HOOKLINE_CIRCUIT_FAILURES="3",
                        HOOKLINE_CIRCUIT_OPEN="1s", HOOKLINE_ATTEMPT_TIMEOUT="10s")
    try:
        _eventually(lambda: _answers(f"http://127.0.0.1:{port}/metrics"), "worker metrics")
        yield Metered(own, port)
    finally:
        own.stop_all()
        own.engine.dispose()


@pytest.fixture
def tenant_of(metered: Metered) -> Iterator[Tenant]:
    tenant = metered.stack.tenant()
    yield tenant
    tenant.client.close()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=5).status_code == 200
    except httpx.HTTPError:
        return False


def _eventually(check: Callable[[], bool], what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.2)


def scrape(url: str) -> Samples:
    """Every sample, by name and labels, parsed by prometheus_client's own parser."""
    answer = httpx.get(url, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    samples: Samples = defaultdict(float)
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            samples[sample.name, frozenset(sample.labels.items())] += sample.value
    return samples


def key(name: str, **labels: str) -> tuple[str, frozenset[tuple[str, str]]]:
    return name, frozenset(labels.items())


def moved(before: Samples, after: Samples, name: str, **labels: str) -> float:
    return after[key(name, **labels)] - before[key(name, **labels)]


def names(samples: Samples) -> set[str]:
    return {name for name, _ in samples}


def test_deliveries_attempts_and_relay_lag_move_with_real_deliveries(
        metered: Metered, tenant_of: Tenant, receiver: Receiver) -> None:
    """Five events delivered at once and one exhausted against a 500 (four attempts, its
    breaker opening after three): counted once each on the worker's port, with their
    attempts' outcomes and durations, each start's relay lag, and publish latency on the
    API's."""
    tenant = tenant_of
    setup_endpoint(tenant, receiver.url("/ok/metrics"), consumer="good")
    setup_endpoint(tenant, receiver.url("/status/500"), consumer="bad")
    worker, api = scrape(metered.worker), scrape(metered.api)
    events = [publish(tenant, {"i": i}, consumer="good") for i in range(5)]
    events.append(publish(tenant, consumer="bad"))
    final = [wait_delivery(tenant, deliveries_of(tenant, e["id"])[0]["id"])["status"]
             for e in events]
    assert final == ["delivered"] * 5 + ["exhausted"]
    worker_now, api_now = scrape(metered.worker), scrape(metered.api)
    counted = {(status, n) for status in ("delivered", "exhausted", "cancelled") if (
        n := moved(worker, worker_now, "hookline_deliveries_finished_total", status=status,
                   target="endpoint"))}
    assert counted == {("delivered", 5), ("exhausted", 1)}
    assert moved(worker, worker_now, "hookline_attempts_total", outcome="2xx",
                 target="endpoint") == 5
    assert moved(worker, worker_now, "hookline_attempts_total", outcome="5xx",
                 target="endpoint") == 4
    assert moved(worker, worker_now, "hookline_attempt_duration_seconds_count",
                 target="endpoint") == 9
    assert moved(worker, worker_now, "hookline_attempt_duration_seconds_bucket",
                 target="endpoint", le="+Inf") == 9
    assert moved(worker, worker_now, "hookline_relay_lag_seconds_count") == 6
    assert moved(worker, worker_now, "hookline_targets_by_circuit", state="open") == 1
    assert worker_now[key("hookline_targets_by_circuit", state="closed")] >= 1
    # Issue 32: the adaptive limits by kind, never past this stack's ceiling (1).
    assert [worker_now[key("hookline_target_concurrency_limit", target="endpoint",
                           stat=stat)] for stat in ("min", "mean", "max")] == [1, 1, 1]
    assert moved(api, api_now, "hookline_api_request_duration_seconds_count",
                 route="publish", status="2xx") == 6
    assert moved(api, api_now, "hookline_api_request_duration_seconds_sum",
                 route="publish", status="2xx") > 0
    # Two API processes: the multiprocess registry answers (it has no process_* metrics).
    assert "process_cpu_seconds_total" not in names(api_now)


def test_outbox_depth_and_age_show_the_starts_waiting_at_the_gate(
        metered: Metered, tenant_of: Tenant, receiver: Receiver) -> None:
    """One attempt in flight per target: of three events to a slow endpoint, two wait in
    the outbox while the first is sent, and the gauges say so; then it drains."""
    tenant = tenant_of
    setup_endpoint(tenant, receiver.url("/slow/4"), consumer="slow")
    events = [publish(tenant, {"i": i}, consumer="slow") for i in range(3)]
    queued = time.time()
    receiver.wait(1, "/slow/4", timeout=20)
    waiting = scrape(metered.worker)
    assert waiting[key("hookline_outbox_depth")] == 2
    assert 0 < waiting[key("hookline_outbox_oldest_age_seconds")] <= time.time() - queued + 1
    # Issue 64: one environment waits, and not for ten seconds yet.
    assert waiting[key("hookline_outbox_environments_waiting", over="0s")] == 1
    assert waiting[key("hookline_outbox_environments_waiting", over="10s")] == 0
    for event in events:
        wait_delivery(tenant, deliveries_of(tenant, event["id"])[0]["id"], {"delivered"})
    drained = scrape(metered.worker)
    assert drained[key("hookline_outbox_depth")] == 0
    assert drained[key("hookline_outbox_oldest_age_seconds")] == 0
    assert drained[key("hookline_outbox_environments_waiting", over="0s")] == 0


def test_retrying_counts_the_deliveries_waiting_for_their_next_attempt(
        metered: Metered, tenant_of: Tenant, receiver: Receiver) -> None:
    """Issue 50 (7): a Delivery against a 500 is retrying between its attempts (a second
    each here), and no longer once exhausted."""
    setup_endpoint(tenant_of, receiver.url("/status/500/retrying"), consumer="retrying")
    before = scrape(metered.worker)[key("hookline_deliveries_retrying")]
    event = publish(tenant_of, consumer="retrying")
    _eventually(lambda: scrape(metered.worker)[key("hookline_deliveries_retrying")]
                == before + 1, "a retrying Delivery", timeout=20)
    wait_delivery(tenant_of, deliveries_of(tenant_of, event["id"])[0]["id"], {"exhausted"})
    assert scrape(metered.worker)[key("hookline_deliveries_retrying")] == before


def test_a_blocked_line_and_its_held_deliveries_are_counted(
        metered: Metered, tenant_of: Tenant, receiver: Receiver) -> None:
    """Issue 67: an ordered endpoint's exhausted head blocks its line, and what waits
    behind it is held, until the head is skipped."""
    endpoint = setup_endpoint(tenant_of, receiver.url("/status/500/blocked"),
                              consumer="blocked")
    ok(tenant_of.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"ordering": {}}))
    blocked, held = key("hookline_lines_blocked"), key("hookline_deliveries_held")
    before = scrape(metered.worker)
    head = publish(tenant_of, consumer="blocked")
    publish(tenant_of, consumer="blocked")  # held behind it
    [delivery] = deliveries_of(tenant_of, head["id"])
    wait_delivery(tenant_of, delivery["id"], {"exhausted"})
    _eventually(lambda: scrape(metered.worker)[blocked] == before[blocked] + 1,
                "a blocked line", timeout=20)
    assert scrape(metered.worker)[held] == before[held] + 1
    ok(tenant_of.client.post(f"/v1/deliveries/{delivery['id']}/skip"))
    now = scrape(metered.worker)
    assert (now[blocked], now[held]) == (before[blocked], before[held])
    ok(tenant_of.client.delete(f"/v1/endpoints/{endpoint['id']}"), 204)


def test_every_api_request_counts_by_route_kind(metered: Metered, tenant_of: Tenant) -> None:
    """Issue 50 (7): besides publish and ingestion, the rest of /v1 (`management`) and the
    portal, with their status class; probes and /metrics are not counted."""
    before = scrape(metered.api)
    assert tenant_of.client.get("/v1/consumers").status_code == 200
    assert tenant_of.client.get("/v1/endpoints/ep_none").status_code == 404
    assert httpx.get(metered.stack.base_url + "/portal/x", timeout=10).status_code == 404
    assert httpx.get(metered.stack.base_url + "/healthz", timeout=10).status_code == 200
    after = scrape(metered.api)
    took = "hookline_api_request_duration_seconds_count"
    counted = {(dict(labels)["route"], dict(labels)["status"], change)
               for (name, labels), value in after.items()
               if name == took and (change := value - before[name, labels])}
    assert counted == {("management", "2xx", 1), ("management", "4xx", 1),
                       ("portal", "4xx", 1)}


def test_a_cancel_by_disabling_counts_once(metered: Metered, tenant_of: Tenant,
                                           receiver: Receiver) -> None:
    """Disabling an endpoint through the API cancels its waiting Delivery: counted once,
    by the API (which cancelled it) or by the worker (when the attempt was still being
    recorded, its next attempt finds the endpoint disabled)."""
    tenant = tenant_of
    endpoint = setup_endpoint(tenant, receiver.url("/status/500/cancel"), consumer="off")
    worker, api = scrape(metered.worker), scrape(metered.api)
    event = publish(tenant, consumer="off")
    receiver.wait(1, "/status/500/cancel")
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "disabled"}))
    wait_delivery(tenant, deliveries_of(tenant, event["id"])[0]["id"], {"cancelled"})
    worker_now, api_now = scrape(metered.worker), scrape(metered.api)
    name, labels = "hookline_deliveries_finished_total", {"target": "endpoint"}
    assert moved(worker, worker_now, name, status="cancelled", **labels) \
        + moved(api, api_now, name, status="cancelled", **labels) == 1
    assert moved(worker, worker_now, name, status="exhausted", **labels) == 0
    assert moved(worker, worker_now, "hookline_attempts_total", outcome="5xx", **labels) == 1


def test_ingestion_by_provider_verification_and_outcome(
        metered: Metered, tenant_of: Tenant, receiver: Receiver) -> None:
    """A verified GitHub delivery, the same again (a duplicate) and a forged one: each
    counted with its verdict and outcome, timed by status class; the verified one's
    forwarding counts as a destination's delivery."""
    source = github_source(tenant_of, receiver)
    worker, api = scrape(metered.worker), scrape(metered.api)
    body = b'{"ref": "main"}'
    headers = github_headers(body)
    assert post_in(source["url"], body, headers=headers).status_code == 202
    assert post_in(source["url"], body, headers=headers).status_code == 202
    assert post_in(source["url"], body, headers=github_headers(body, secret="no")
                   ).status_code == 401
    receiver.wait(1, f"/ok/{source['id']}")
    _eventually(lambda: moved(worker, scrape(metered.worker),
                              "hookline_deliveries_finished_total", status="delivered",
                              target="destination") == 1, "the destination's delivery")
    api_now, worker_now = scrape(metered.api), scrape(metered.worker)
    name = "hookline_ingest_messages_total"
    counted = {(labels, change) for (sample, labels), value in api_now.items()
               if sample == name and (change := value - api[sample, labels])}
    assert counted == {
        (frozenset({("provider", "github"), ("verification", "verified"),
                    ("outcome", "accepted")}), 1),
        (frozenset({("provider", "github"), ("verification", "verified"),
                    ("outcome", "duplicate")}), 1),
        (frozenset({("provider", "github"), ("verification", "failed"),
                    ("outcome", "rejected")}), 1)}
    took = "hookline_api_request_duration_seconds_count"
    assert moved(api, api_now, took, route="ingest", status="2xx") == 2
    assert moved(api, api_now, took, route="ingest", status="4xx") == 1
    assert moved(worker, worker_now, "hookline_attempts_total", outcome="2xx",
                 target="destination") == 1


def test_rate_limit_refusals_are_counted(metered: Metered, tenant_of: Tenant) -> None:
    """Twelve requests at a plan of 2 per second, each on a connection of its own (so both
    API processes answer some): every 429 counted once, whichever process refused it."""
    with Session(metered.stack.engine) as session:
        committed(session, accounts.set_plan, tenant_of.org_id, rps=2)
    before = scrape(metered.api)
    url, headers = metered.stack.base_url + "/v1/consumers", tenant_of.client.headers
    answers = [httpx.get(url, headers=headers, timeout=10).status_code for _ in range(12)]
    refused = answers.count(429)
    assert refused >= 1 and set(answers) == {200, 429}
    after = scrape(metered.api)
    assert moved(before, after, "hookline_rate_limited_requests_total",
                 limit="organization") == refused


def test_the_dashboards_queries_name_only_what_the_stack_exports(
        metered: Metered, tenant_of: Tenant, receiver: Receiver) -> None:
    """Issue 50 (7): every metric, label and `=` value of the Grafana dashboard's PromQL is on
    the API's or the worker's /metrics, once a publish was delivered (its endpoint gated)
    and a GitHub message ingested. The rest are exported before anything happens: counters
    of fixed label sets at zero, the gauges read from the database."""
    setup_endpoint(tenant_of, receiver.url("/ok/dashboard"), consumer="dash")
    event = publish(tenant_of, consumer="dash")
    wait_delivery(tenant_of, deliveries_of(tenant_of, event["id"])[0]["id"], {"delivered"})
    body = b'{"ref": "main"}'
    assert post_in(github_source(tenant_of)["url"], body,
                   headers=github_headers(body)).status_code == 202
    found = exported((name, labels) for url in (metered.api, metered.worker)
                     for name, labels in scrape(url))
    missing = {expr: lacking for expr in grafana.expressions(grafana.load())
               if (lacking := unexported(expr, found))}
    assert missing == {}


def test_the_worker_port_passes_the_temporal_sdk_metrics_on(metered: Metered) -> None:
    """The SDK's own metrics (worker slots, polls, requests) on the worker's port, beside
    the process's own (prometheus_client's default collectors)."""
    found = names(scrape(metered.worker))
    temporal = {name for name in found if name.startswith("temporal_")}
    assert "temporal_request_total" in temporal, sorted(temporal)
    assert any(name.startswith("temporal_worker_task_slots") for name in temporal), \
        sorted(temporal)
    assert "process_cpu_seconds_total" in found


def test_one_api_process_serves_its_own_metrics(stack: Stack, receiver: Receiver) -> None:
    """The suite's API runs one process (no multiprocess mode): /metrics is open, without
    an API key, and moves with a publish."""
    tenant = stack.tenant(base_url=stack.base_url)  # this API's, even on the cluster
    setup_endpoint(tenant, receiver.url("/ok/one"), consumer="one")
    before = scrape(stack.base_url + "/metrics")
    publish(tenant, consumer="one")
    after = scrape(stack.base_url + "/metrics")
    tenant.client.close()
    assert moved(before, after, "hookline_api_request_duration_seconds_count",
                 route="publish", status="2xx") == 1
    assert "process_cpu_seconds_total" in names(after)


def test_the_worker_answers_its_probes_on_the_metrics_port(metered: Metered) -> None:
    """Issue 48: /healthz while its loop runs, /readyz while it polls Temporal and reaches
    its database, on the port its metrics are on."""
    base = metered.worker.removesuffix("/metrics")
    assert httpx.get(base + "/healthz", timeout=10).json() == {"status": "ok"}
    _eventually(lambda: httpx.get(base + "/readyz", timeout=10).status_code == 200, "ready")
    assert httpx.get(base + "/readyz", timeout=10).json() == {
        "status": "ok", "checks": {"database": "ok", "polling": "ok", "temporal": "ok"}}


def test_a_worker_that_cannot_reach_temporal_is_alive_but_not_ready(stack: Stack) -> None:
    port, closed = free_port(), free_port()
    worker = stack.start_worker(log_name="worker-no-temporal.log",
                                HOOKLINE_WORKER_METRICS_PORT=str(port),
                                HOOKLINE_TEMPORAL_ADDRESS=f"127.0.0.1:{closed}")
    try:
        base = f"http://127.0.0.1:{port}"
        _eventually(lambda: _answers(base + "/healthz"), "worker alive")
        ready = httpx.get(base + "/readyz", timeout=10)
        assert ready.status_code == 503
        assert ready.json()["checks"] == {"database": "ok", "polling": "unavailable",
                                          "temporal": "unavailable"}
    finally:
        stop(worker)
