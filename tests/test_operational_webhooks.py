"""Operational webhooks: events about the service itself, signed and delivered like every
delivery to the operational endpoints of an environment, and to nothing else."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any

from standardwebhooks.webhooks import Webhook

from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Received, Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_silence_alerts import addresses, backdate, watched
from tests.test_sources import make_source, post_in


def operational(tenant: Tenant, url: str, **fields: Any) -> dict[str, Any]:
    return ok(tenant.client.post("/v1/operational-endpoints", json={"url": url, **fields}), 201)


def received(receiver: Receiver, path: str, secret: str, count: int,
             timeout: float = 60) -> list[dict[str, Any]]:
    """The operational events that arrived at `path`, each verified with `secret`."""
    arrivals: list[Received] = receiver.wait(count, path, timeout=timeout)
    for arrival in arrivals:
        Webhook(secret).verify(arrival.body, arrival.headers)
    return [json.loads(a.body) for a in arrivals]


def of_type(events: list[dict[str, Any]], event_type: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == event_type]


def test_failures_and_recoveries_are_told_signed(tenant: Tenant, receiver: Receiver) -> None:
    ops = operational(tenant, receiver.url("/ok/ops"))
    assert ops["secret"].startswith("whsec_") and ops["events"] == []
    failing = setup_endpoint(tenant, receiver.url("/status/500"), consumer="acme")
    gone = setup_endpoint(tenant, receiver.url("/status/410"), consumer="leaving")
    event = publish(tenant, consumer="acme")
    [delivery] = deliveries_of(tenant, event["id"])
    wait_delivery(tenant, delivery["id"], {"exhausted"})
    publish(tenant, consumer="leaving")
    told = received(receiver, "/ok/ops", ops["secret"], 2)
    [exhausted] = of_type(told, "delivery.exhausted")
    assert exhausted["data"]["deliveryId"] == delivery["id"]
    assert exhausted["data"]["eventId"] == event["id"]
    assert exhausted["data"]["endpointId"] == failing["id"]
    assert exhausted["data"]["consumer"] == "acme" and exhausted["data"]["attempts"] == 4
    assert exhausted["data"]["lastAttempt"]["statusCode"] == 500
    assert exhausted["timestamp"].endswith("Z")
    [disabled] = of_type(told, "endpoint.disabled")
    assert disabled["data"]["endpointId"] == gone["id"] and disabled["data"]["reason"] == "gone"
    assert disabled["data"]["lastAttempt"]["statusCode"] == 410
    ok(tenant.client.patch(f"/v1/endpoints/{gone['id']}", json={"status": "enabled"}))
    told = received(receiver, "/ok/ops", ops["secret"], 3)
    [enabled] = of_type(told, "endpoint.enabled")
    assert enabled["data"]["endpointId"] == gone["id"]
    assert enabled["data"]["url"] == receiver.url("/status/410")


def test_operational_endpoints_are_kept_apart(stack: Stack, tenant: Tenant,
                                             receiver: Receiver) -> None:
    """Only the chosen types reach it; no list of the user's shows it or its events; its
    rules are an endpoint's."""
    ops = operational(tenant, receiver.url("/ok/only-enabled"), events=["endpoint.enabled"],
                      description="pager")
    assert ops["events"] == ["endpoint.enabled"]
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    [delivery] = deliveries_of(tenant, publish(tenant)["id"])
    wait_delivery(tenant, delivery["id"], {"exhausted"})
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "disabled"}))
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "enabled"}))
    [told] = received(receiver, "/ok/only-enabled", ops["secret"], 1)
    assert told["type"] == "endpoint.enabled"
    time.sleep(1)
    assert len(receiver.at("/ok/only-enabled")) == 1  # no delivery.exhausted
    assert [e["id"] for e in ok(tenant.client.get("/v1/endpoints"))] == [endpoint["id"]]
    assert all(e["type"] == "invoice.paid"
               for e in ok(tenant.client.get("/v1/events"))["items"])
    assert [e["id"] for e in ok(tenant.client.get("/v1/operational-endpoints"))] == [ops["id"]]
    read = ok(tenant.client.get(f"/v1/operational-endpoints/{ops['id']}"))
    assert read["description"] == "pager" and "secret" not in read
    assert_problem(tenant.client.get(f"/v1/endpoints/{ops['id']}"), 404)
    for bad in ({"url": receiver.url(), "events": ["invoice.paid"]},
                {"url": receiver.url(), "events": ["endpoint.nope"]},
                {"url": "ftp://example.com/"}, {"url": receiver.url(), "rateLimit": 0}):
        assert_problem(tenant.client.post("/v1/operational-endpoints", json=bad), 422)
    assert_problem(tenant.client.patch(f"/v1/operational-endpoints/{ops['id']}",
                                       json={"events": ["nope.never"]}), 422)
    # Its transformation is loaded and checked as any endpoint's is.
    for code in ("function handler(w) {", "x" * (64 * 1024 + 1)):
        refused = assert_problem(tenant.client.patch(
            f"/v1/operational-endpoints/{ops['id']}", json={"transformation": code}), 422)
        assert "transformation" in refused["detail"], refused
    patched = ok(tenant.client.patch(f"/v1/operational-endpoints/{ops['id']}",
                                     json={"events": []}))
    assert patched["events"] == []
    rotated = ok(tenant.client.post(f"/v1/operational-endpoints/{ops['id']}/rotate-secret"),
                 201)
    assert rotated["secret"].startswith("whsec_") and rotated["secret"] != ops["secret"]
    other = stack.tenant()
    assert_problem(other.client.get(f"/v1/operational-endpoints/{ops['id']}"), 404)
    assert ok(other.client.get("/v1/operational-endpoints")) == []
    other.client.close()
    assert tenant.client.delete(f"/v1/operational-endpoints/{ops['id']}").status_code == 204
    assert ok(tenant.client.get("/v1/operational-endpoints")) == []


def test_a_failing_operational_endpoint_tells_nothing_of_itself(
        tenant: Tenant, receiver: Receiver) -> None:
    operational(tenant, receiver.url("/status/503/ops"))
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    [delivery] = deliveries_of(tenant, publish(tenant)["id"])
    wait_delivery(tenant, delivery["id"], {"exhausted"})
    receiver.wait(4, "/status/503/ops", timeout=30)  # its one event, tried 4 times
    time.sleep(4)
    assert len(receiver.at("/status/503/ops")) == 4  # its own failure made no event
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["status"] == "Enabled"


def test_sources_tell_failed_verification_hourly_and_silence(
        stack: Stack, tenant: Tenant, receiver: Receiver, smtp_sink: SmtpSink) -> None:
    ops = operational(tenant, receiver.url("/ok/sources"))
    source = make_source(tenant, "gh", provider="github")
    ok(tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret",
                         json={"secret": "real-secret"}))
    body = b'{"zen": "forged"}'
    forged = {"X-Hub-Signature-256": "sha256=" + hmac.new(
        b"wrong", body, hashlib.sha256).hexdigest(), "X-GitHub-Event": "push"}
    first = post_in(source["url"], body, headers=forged)
    assert first.status_code == 401
    assert post_in(source["url"], body, headers=forged).status_code == 401
    [failed] = received(receiver, "/ok/sources", ops["secret"], 1)
    assert failed["type"] == "source.verification_failed"
    assert failed["data"]["sourceId"] == source["id"] and failed["data"]["provider"] == "github"
    quiet = watched(tenant, "quiet", 30, addresses(1))
    backdate(stack, quiet, "created_at", 45)
    told = received(receiver, "/ok/sources", ops["secret"], 2, timeout=120)  # checked once a minute
    [silent] = of_type(told, "source.silent")
    assert silent["data"]["sourceId"] == quiet["id"] and silent["data"]["silenceAlertMinutes"] == 30
    assert len(of_type(told, "source.verification_failed")) == 1  # once an hour


def test_disabling_by_failures_and_destinations_are_told(tenant: Tenant,
                                                        receiver: Receiver) -> None:
    ops = operational(tenant, receiver.url("/ok/disabled"), events=[
        "endpoint.disabled", "destination.disabled", "destination.enabled"])
    failing = setup_endpoint(tenant, receiver.url("/status/500"))
    for n in range(20):  # 20 exhausted in a row disable it
        publish(tenant, {"n": n})
    [disabled] = received(receiver, "/ok/disabled", ops["secret"], 1, timeout=90)
    assert disabled["type"] == "endpoint.disabled"
    assert disabled["data"]["endpointId"] == failing["id"]
    assert (disabled["data"]["reason"], disabled["data"]["failures"]) == ("failures", 20)
    source = make_source(tenant, "leaving")
    destination = ok(tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                        json={"url": receiver.url("/status/410")}), 201)
    post_in(source["url"])
    told = received(receiver, "/ok/disabled", ops["secret"], 2)
    assert told[1]["type"] == "destination.disabled"
    assert told[1]["data"]["destinationId"] == destination["id"]
    assert told[1]["data"]["sourceId"] == source["id"] and told[1]["data"]["reason"] == "gone"
    ok(tenant.client.patch(f"/v1/ingest/destinations/{destination['id']}",
                           json={"status": "enabled"}))
    told = received(receiver, "/ok/disabled", ops["secret"], 3)
    assert told[2]["type"] == "destination.enabled"
