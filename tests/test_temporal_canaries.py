"""Issue 65, part 2: nothing secret leaves for Temporal. Canaries are planted in a signing
secret, URLs' paths and queries, fixed header values, a Source's secret, payloads (of
events, of an ingested message, of a cron Source) and receivers' answers (they echo the
payload), and the Deliveries go every way there is: delivered, failed and retried until
exhausted, retried by hand, failed by a transformation whose error quotes the payload.
Then everything the Temporal server holds, histories and visibility alike, holds none of
them; and an event type, which Temporal is told, is found there (so the scan sees what is
kept). The session's teardown scans the same store again after every test of the tier
(tests/conftest.py)."""

from __future__ import annotations

import json
import secrets
from typing import Any

import pytest

from tests.support import canaries
from tests.support.api import deliveries_of, ok, publish, wait_delivery
from tests.support.canaries import planted
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_cron_sources import cron_source
from tests.test_sources import make_source, post_in

pytestmark = pytest.mark.both_databases  # what the attempts read is sealed in either

# Valid base64 for a whsec_ secret (30 bytes), readable as the canary it is.
SECRET = "whsec_" + canaries.MARK * 4 + "AAAAAAAA"
THROWS = ("function handler(webhook) { throw new Error('refused: ' + "
          "JSON.stringify(webhook.payload)); }")


def endpoint(tenant: Tenant, url: str, **fields: Any) -> str:
    found: str = ok(tenant.client.post("/v1/endpoints", json={
        "url": url, "consumer": "acme", **fields}), 201)["id"]
    return found


def echo(receiver: Receiver, status: int, name: str) -> str:
    return receiver.url(f"/echo/{status}/{planted(name + '-path')}"
                        f"?token={planted(name + '-query')}")


def test_no_secret_url_header_or_payload_reaches_temporal(
        stack: Stack, tenant: Tenant, receiver: Receiver, temporal_server: Any) -> None:
    told = f"control.{secrets.token_hex(4)}"  # an event type: Temporal may hold it
    ok(tenant.client.post("/v1/event-types", json={"name": told}), 201)
    ok(tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "Acme"}), 201)
    endpoint(tenant, echo(receiver, 200, "ok"), secret=SECRET,
             headers={"Authorization": f"Bearer {planted('header')}"})
    failing = endpoint(tenant, echo(receiver, 500, "failing"),
                       headers={"X-Api-Key": planted("key")})
    endpoint(tenant, echo(receiver, 200, "transformed"), transformation=THROWS)
    events = [publish(tenant, {"note": planted("payload")}, event_type=told)
              for _ in range(2)]

    source = make_source(tenant, "canary-in")
    ok(tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret",
                         json={"secret": planted("source-secret")}))
    ok(tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                          json={"url": echo(receiver, 200, "destination")}), 201)
    assert post_in(source["url"], json.dumps({"note": planted("message")}).encode()
                   ).status_code < 300
    cron_source(tenant, "canary-cron", cronExpression="0 6 * * *",
                cronPayload=json.dumps({"note": planted("cron")}))

    for event in events:
        for delivery in deliveries_of(tenant, event["id"]):
            wait_delivery(tenant, delivery["id"])
    failed = next(d for d in deliveries_of(tenant, events[0]["id"])
                  if d["endpointId"] == failing)
    ok(tenant.client.post(f"/v1/deliveries/{failed['id']}/retry"), 202)
    wait_delivery(tenant, failed["id"])
    receiver.wait(1, None, timeout=30)

    held = temporal_server.stored_bytes()
    assert canaries.found(held, told), "the scan does not see what Temporal keeps"
    assert canaries.found(held) == []
