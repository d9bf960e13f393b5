"""Issue 48: a Temporal outage takes nothing offline that never needed Temporal. For 60 s
with Temporal down, events are published and provider webhooks ingested: every request is
accepted, the API stays ready (Temporal reported in its checks), and once Temporal is back
everything is delivered and forwarded, each once. On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections import Counter

import httpx

from tests.conftest import TemporalServer
from tests.support.api import publish, setup_endpoint
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_ingest import github_headers, github_source
from tests.test_sources import post_in

OUTAGE = 60.0  # seconds Temporal is down


def test_a_temporal_outage_accepts_everything_and_delivers_it_after(
        stack: Stack, tenant: Tenant, receiver: Receiver,
        temporal_server: TemporalServer) -> None:
    setup_endpoint(tenant, receiver.url("/outage/events"))
    source = github_source(tenant, receiver)
    events: list[str] = []
    messages = 0
    temporal_server.stop()
    try:
        started = time.monotonic()
        while time.monotonic() - started < OUTAGE:
            events.append(publish(tenant, {"n": len(events)})["id"])
            body = b'{"n": %d}' % messages
            answer = post_in(source["url"], body, headers=github_headers(body))
            assert answer.status_code in (200, 202), answer.text
            messages += 1
            if len(events) % 10 == 0:
                ready = httpx.get(stack.base_url + "/readyz", timeout=10)
                assert ready.status_code == 200, ready.text
                assert ready.json()["checks"] == {"database": "ok", "temporal": "unavailable"}
            time.sleep(0.5)
    finally:
        temporal_server.start()
    arrived = receiver.wait(len(events), "/outage/events", timeout=120)
    forwarded = receiver.wait(messages, f"/ok/{source['id']}", timeout=120)
    time.sleep(2)  # what would arrive twice has had time to
    per_event = Counter(r.headers["webhook-id"] for r in receiver.at("/outage/events"))
    assert set(per_event) == set(events) and max(per_event.values()) == 1, per_event
    assert len(arrived) == len(events)
    per_message = Counter(r.body for r in receiver.at(f"/ok/{source['id']}"))
    assert len(per_message) == messages and max(per_message.values()) == 1
    assert len(forwarded) == messages
