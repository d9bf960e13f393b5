"""Issue 15, part 5: OpenTelemetry tracing, end to end. A stack of its own exports its spans
(OTLP/HTTP) to a collector in this process (tests/support/otlp.py): one published event is
one trace from the API's request through the relay's workflow start and the workflow to
each attempt and its HTTP exchange, and so is one ingested request; a manual retry's attempt
is in the retry request's trace. Another stack, with the setting unset, exports nothing and
keeps no trace context in its outbox. On SQLite and PostgreSQL."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from sqlmodel import Session, select

from hookline.persistence.models import OutboxStart, TargetGate
from hookline.settings import Settings
from hookline.timeutil import utcnow
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.otlp import Collector, Span
from tests.support.receiver import Receiver
from tests.support.stack import Stack
from tests.test_destinations import add_destination
from tests.test_forwarding import delivery_in
from tests.test_sources import make_source, post_in

ATTEMPT = "RunActivity:attempt_delivery"
PUBLISH = "POST /v1/events"
INGEST = "POST /in/{token}"
RETRY = "POST /v1/deliveries/{delivery_id}/retry"
EXPORT_SOON = {"OTEL_BSP_SCHEDULE_DELAY": "100"}  # milliseconds between a process's exports


@pytest.fixture(scope="module")
def collector() -> Iterator[Collector]:
    found = Collector()
    yield found
    found.close()


@pytest.fixture(scope="module")
def traced(stack: Stack, collector: Collector, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Stack]:
    own = stack.sibling(tmp_path_factory.mktemp("traced"),
                        HOOKLINE_OTEL_EXPORTER_OTLP_ENDPOINT=collector.url, **EXPORT_SOON)
    yield own
    own.stop_all()
    own.engine.dispose()


def caller() -> tuple[str, str]:
    """A trace id and span id of the caller's own, as its instrumented client would send."""
    return os.urandom(16).hex(), os.urandom(8).hex()


def attempts_of(spans: list[Span], delivery_id: str) -> dict[int, Span]:
    """The Delivery's attempt spans, by attempt number."""
    return {int(s.attributes["hookline.attempt"]): s for s in spans
            if s.name == ATTEMPT and s.attributes.get("hookline.delivery_id") == delivery_id
            and "hookline.attempt" in s.attributes}


def child(spans: list[Span], parent: Span, name: str) -> Span | None:
    found = [s for s in spans if s.parent_id == parent.span_id and s.name == name]
    return found[0] if found else None


def ancestry(spans: list[Span], span: Span) -> list[Span]:
    """The span, its parent, its parent's parent, ... as far as they were received."""
    by_id = {s.span_id: s for s in spans}
    chain = [span]
    while chain[-1].parent_id in by_id:
        chain.append(by_id[chain[-1].parent_id])
    return chain


def run_of(spans: list[Span], attempt: Span) -> Span | None:
    """The RunWorkflow span of the workflow run that made the attempt."""
    found = [s for s in spans if s.name == "RunWorkflow:DeliveryWorkflow"
             and s.attributes.get("temporalRunID") == attempt.attributes.get("temporalRunID")]
    return found[0] if found else None


def traced_to(delivery_id: str, roots: dict[int, str]) -> Callable[[list[Span]], bool]:
    """Whether each attempt numbered in `roots` has arrived with its HTTP span and its
    workflow run's span, and is traced back to the API's server span named there (the
    worker's and the API's spans come in separate exports)."""
    def complete(spans: list[Span]) -> bool:
        found = attempts_of(spans, delivery_id)
        return all(n in found and child(spans, found[n], "POST") is not None
                   and run_of(spans, found[n]) is not None
                   and ancestry(spans, found[n])[-1].name == root for n, root in roots.items())
    return complete


def http_chain(spans: list[Span], attempt: Span) -> list[tuple[str, str, str]]:
    """The attempt's HTTP span and its ancestors, as (service, kind, name)."""
    http = child(spans, attempt, "POST")
    assert http is not None
    return [(s.service, s.kind, s.name) for s in ancestry(spans, http)]


def expected_chain(start: tuple[str, str], root: str) -> list[tuple[str, str, str]]:
    """Every traced attempt's, from its HTTP span up to the request that made it."""
    return [("hookline-worker", "CLIENT", "POST"),
            ("hookline-worker", "SERVER", ATTEMPT),
            ("hookline-worker", "CLIENT", "StartActivity:attempt_delivery"),
            (start[0], "CLIENT", start[1]),
            ("hookline-api", "SERVER", root)]


RELAY_START = ("hookline-worker", "StartWorkflow:DeliveryWorkflow")
RETRY_START = ("hookline-api", "SignalWithStartWorkflow:DeliveryWorkflow")


def test_a_published_event_is_one_trace_from_the_request_to_its_attempt(
        traced: Stack, collector: Collector, receiver: Receiver) -> None:
    """The caller's trace goes on in Hookline: its publish request, the relay's workflow
    start, the workflow and the attempt with its HTTP exchange."""
    tenant = traced.tenant()
    endpoint = setup_endpoint(tenant, receiver.url("/ok/traced"))
    trace_id, parent_id = caller()
    event = publish(tenant, headers={"traceparent": f"00-{trace_id}-{parent_id}-01"})
    [delivery] = deliveries_of(tenant, event["id"])
    assert wait_delivery(tenant, delivery["id"])["status"] == "delivered"
    spans = collector.wait(traced_to(delivery["id"], {1: PUBLISH}))

    attempt = attempts_of(spans, delivery["id"])[1]
    chain = ancestry(spans, attempt)
    assert http_chain(spans, attempt) == \
        expected_chain(RELAY_START, PUBLISH)
    assert {s.trace_id for s in chain} == {trace_id}
    assert chain[-1].parent_id == parent_id  # the caller's span
    start = chain[2]
    assert start.attributes["temporalWorkflowID"] == delivery["id"]
    run = run_of(spans, attempt)
    assert run is not None and run.parent_id == start.span_id and run.trace_id == trace_id
    assert {"hookline.delivery_id": delivery["id"], "hookline.target": "endpoint",
            "hookline.target_id": endpoint["id"], "hookline.attempt": 1,
            "hookline.status_code": 200, "hookline.delivery_status": "delivered"
            }.items() <= attempt.attributes.items()
    assert "hookline.error_type" not in attempt.attributes
    http = child(spans, attempt, "POST")
    assert http is not None and not http.error
    assert {"http.request.method": "POST", "http.response.status_code": 200,
            "server.address": "127.0.0.1", "server.port": receiver.port
            }.items() <= http.attributes.items()
    assert "url.full" not in http.attributes  # an endpoint URL may hold a secret
    [arrived] = receiver.at("/ok/traced")
    assert "traceparent" not in arrived.headers  # our trace is no receiver's business


def test_an_ingested_request_is_one_trace_to_its_forward(
        traced: Stack, collector: Collector, receiver: Receiver) -> None:
    tenant = traced.tenant()
    source = make_source(tenant)
    destination = add_destination(tenant, source, receiver.url("/ok/traced-in"))
    answer = post_in(source["url"])
    assert answer.status_code == 202, answer.text
    delivery = delivery_in(tenant, answer.json()["id"], "delivered")
    spans = collector.wait(traced_to(delivery["id"], {1: INGEST}))

    attempt = attempts_of(spans, delivery["id"])[1]
    chain = ancestry(spans, attempt)
    assert http_chain(spans, attempt) == \
        expected_chain(RELAY_START, INGEST)
    assert len({s.trace_id for s in chain}) == 1 and chain[-1].parent_id == ""
    assert {"hookline.delivery_id": delivery["id"], "hookline.target": "destination",
            "hookline.target_id": destination["id"], "hookline.attempt": 1,
            "hookline.status_code": 200}.items() <= attempt.attributes.items()
    # The ingestion URL's token is its secret: no span of the trace shows it.
    token = source["url"].rsplit("/", 1)[1]
    assert chain[-1].attributes["url.path"] == "/in/{token}"
    trace = [s for s in spans if s.trace_id == chain[0].trace_id]
    assert not [s for s in trace for value in s.attributes.values() if token in str(value)]


def test_every_attempt_is_in_the_trace_and_a_manual_retry_traces_its_own(
        traced: Stack, collector: Collector, receiver: Receiver) -> None:
    """Four failed attempts (the test schedule) in the publish's trace, each with its
    outcome; the manual retry's attempt in the retry request's trace (its signal-with-start
    comes from the API)."""
    tenant = traced.tenant()
    setup_endpoint(tenant, receiver.url("/status/500"))
    event = publish(tenant)
    [delivery] = deliveries_of(tenant, event["id"])
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    ok(tenant.client.post(f"/v1/deliveries/{delivery['id']}/retry"), 202)
    receiver.wait(5, "/status/500")
    spans = collector.wait(traced_to(delivery["id"], {1: PUBLISH, 2: PUBLISH, 3: PUBLISH,
                                                      4: PUBLISH, 5: RETRY}))
    assert len(attempts(tenant, delivery["id"])) == 5

    found = attempts_of(spans, delivery["id"])
    assert [(n, a.attributes["hookline.status_code"], a.attributes["hookline.error_type"],
             a.attributes["hookline.delivery_status"]) for n, a in sorted(found.items())] == [
        (1, 500, "http_status", "retrying"), (2, 500, "http_status", "retrying"),
        (3, 500, "http_status", "retrying"), (4, 500, "http_status", "exhausted"),
        (5, 500, "http_status", "exhausted")]
    for n in range(1, 5):
        assert http_chain(spans, found[n]) == \
            expected_chain(RELAY_START, PUBLISH)
        http = child(spans, found[n], "POST")
        assert http is not None and http.error and http.attributes["error.type"] == "500"
    assert len({found[n].trace_id for n in range(1, 5)}) == 1
    assert http_chain(spans, found[5]) == \
        expected_chain(RETRY_START, RETRY)
    assert found[5].trace_id != found[1].trace_id


@pytest.mark.parametrize(("ours", "standard", "endpoint"), [
    (None, None, ""), ("", "", ""), (None, "http://b:4318", "http://b:4318"),
    ("", "http://b:4318", "http://b:4318"), ("http://a:4318", "http://b:4318", "http://a:4318"),
])
def test_the_setting_else_the_standard_variable_turns_tracing_on(
        monkeypatch: pytest.MonkeyPatch, ours: str | None, standard: str | None,
        endpoint: str) -> None:
    for name, value in (("HOOKLINE_OTEL_EXPORTER_OTLP_ENDPOINT", ours),
                        ("OTEL_EXPORTER_OTLP_ENDPOINT", standard)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert Settings(_env_file=None).otlp_endpoint == endpoint


def queued_trace_context(own: Stack, receiver: Receiver, traceparent: str) -> str | None:
    """Publish, with the caller's traceparent, to an endpoint its receiver paused, so the
    start waits in the outbox; what the outbox row keeps of the trace."""
    tenant = own.tenant()
    endpoint = setup_endpoint(tenant, receiver.url("/ok/paused"), consumer="paused")
    with Session(own.engine) as session:
        session.add(TargetGate(target_id=endpoint["id"],
                               paused_until=utcnow() + timedelta(hours=1)))
        session.commit()
    event = publish(tenant, consumer="paused", headers={"traceparent": traceparent})
    [delivery] = deliveries_of(tenant, event["id"])
    with Session(own.engine) as session:
        [kept] = session.exec(select(OutboxStart.trace_context).where(
            OutboxStart.delivery_id == delivery["id"])).all()
    return kept


def test_the_outbox_row_keeps_the_request_trace_context(traced: Stack, receiver: Receiver
                                                         ) -> None:
    trace_id, parent_id = caller()
    kept = queued_trace_context(traced, receiver, f"00-{trace_id}-{parent_id}-01")
    assert kept is not None
    version, kept_trace, kept_span, flags = kept.split("-")
    # A span of the API's request, in the caller's trace.
    assert (version, kept_trace, flags) == ("00", trace_id, "01") and kept_span != parent_id


def test_with_the_setting_unset_nothing_is_exported_or_kept(
        stack: Stack, tmp_path_factory: pytest.TempPathFactory, receiver: Receiver) -> None:
    """Neither the standard traces-only endpoint nor FastAPI's own auto-configuration turns
    tracing on: only the setting (or OTEL_EXPORTER_OTLP_ENDPOINT) does."""
    collector = Collector()
    own = stack.sibling(tmp_path_factory.mktemp("untraced"),
                        HOOKLINE_OTEL_EXPORTER_OTLP_ENDPOINT="", OTEL_EXPORTER_OTLP_ENDPOINT="",
                        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=f"{collector.url}/v1/traces",
                        FASTAPI_OTEL_AUTO_CONFIGURE="true", **EXPORT_SOON)
    try:
        trace_id, parent_id = caller()
        traceparent = f"00-{trace_id}-{parent_id}-01"
        assert queued_trace_context(own, receiver, traceparent) is None
        tenant = own.tenant()
        setup_endpoint(tenant, receiver.url("/ok/untraced"))
        event = publish(tenant, headers={"traceparent": traceparent})
        [delivery] = deliveries_of(tenant, event["id"])
        assert wait_delivery(tenant, delivery["id"])["status"] == "delivered"
        time.sleep(1)  # ten export intervals, had anything been traced
        assert collector.requests == 0
    finally:
        own.stop_all()
        own.engine.dispose()
        collector.close()
