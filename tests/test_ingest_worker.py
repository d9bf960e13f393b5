"""Issue 69: `hookline ingest-worker` reads broker Sources on its own. On a stack whose workers
are told not to (HOOKLINE_INGEST=false, the setting under test), a Kafka message waits until
an ingest worker starts, which publishes it, answers its probes and counts it in its
metrics, and stops cleanly on SIGTERM."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx

from tests.support.api import setup_endpoint
from tests.support.brokers import Kafka
from tests.support.procs import free_port, hookline, spawn, stop, wait_http
from tests.support.receiver import Receiver
from tests.support.stack import Stack, module_stack
from tests.test_broker_sources import kafka_source, until

stack = module_stack(HOOKLINE_INGEST="false")  # the workers leave broker Sources alone


def test_an_ingest_worker_reads_what_the_workers_leave(
        stack: Stack, kafka: Kafka, receiver: Receiver, tmp_path: Path) -> None:
    tenant = stack.tenant()
    setup_endpoint(tenant, receiver.url("/alone"), event_type="order.paid")
    _, topic = kafka_source(tenant, kafka, "alone")
    kafka.produce(topic, [(json.dumps({"n": 1}).encode(), {
        "hookline-consumer": "acme", "hookline-event-type": "order.paid"})])
    time.sleep(8)  # longer than a look for Sources and a read
    assert receiver.at("/alone") == []

    metrics = free_port()
    reader = spawn(hookline("ingest-worker"), stack.settings_env(
        HOOKLINE_WORKER_METRICS_PORT=str(metrics)), tmp_path / "ingest-worker.log")
    try:
        wait_http(f"http://127.0.0.1:{metrics}/healthz", 30, reader)
        assert httpx.get(f"http://127.0.0.1:{metrics}/readyz").json() == {
            "status": "ok", "checks": {"database": "ok"}}
        [got] = receiver.wait(1, "/alone", timeout=60)
        assert json.loads(got.body)["data"] == {"n": 1}
        line = 'hookline_broker_source_messages_total{kind="kafka",outcome="published"} 1.0'
        assert until(lambda: line in httpx.get(f"http://127.0.0.1:{metrics}/metrics").text,
                     timeout=15)
    finally:
        stop(reader)
    assert reader.returncode == 0, (tmp_path / "ingest-worker.log").read_text()[-2000:]
