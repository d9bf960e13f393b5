"""Issue 52, part 2, end to end: an endpoint with OAuth2 client credentials on the running
service. Ten events over 8 s with tokens that live 3 s take 3 to 5 token fetches, not 10;
another endpoint of the same Consumer whose token endpoint answers 500 fails every attempt
as `oauth` meanwhile, and its circuit breaker stays closed (a token endpoint's failure says
nothing of the receiver); the first endpoint's deliveries arrive untouched."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.support.api import attempts, deliveries_of, ok, publish, wait_delivery
from tests.support.oauth_server import TokenServer
from tests.support.stack import Stack, Tenant

# The attempt reads `auth` from the target's JSON column through one query on each database.
pytestmark = pytest.mark.both_databases


@pytest.fixture
def servers() -> Iterator[tuple[TokenServer, TokenServer]]:
    good, failing = TokenServer(expires_in=3), TokenServer(expires_in=3)
    failing.mode = "500"
    yield good, failing
    good.close()
    failing.close()


def test_tokens_are_shared_and_a_failing_token_endpoint_is_its_targets_alone(
        stack: Stack, tenant: Tenant, servers: tuple[TokenServer, TokenServer]) -> None:
    good, failing = servers
    tenant.client.post("/v1/event-types", json={"name": "invoice.paid"})
    tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
    endpoints = {}
    for name, server in (("good", good), ("failing", failing)):
        endpoints[name] = ok(tenant.client.post("/v1/endpoints", json={
            "consumer": "acme", "url": server.receiver_url(f"/{name}"),
            "auth": server.auth(scope="webhooks")}), 201)["id"]
    started = time.monotonic()
    events = []
    for n in range(10):
        time.sleep(max(0.0, started + n * 0.8 - time.monotonic()))
        events.append(publish(tenant, {"n": n})["id"])
    by_target = {name: [next(d for d in deliveries_of(tenant, e)
                             if d["endpointId"] == endpoint) for e in events]
                 for name, endpoint in endpoints.items()}
    for delivery in by_target["good"]:
        assert wait_delivery(tenant, delivery["id"], timeout=30)["status"] == "delivered"
    assert 3 <= good.issued <= 5 * stack.replicas, good.issued
    assert good.unauthorized == 0 and len(good.delivered) == 10
    for delivery in by_target["failing"]:
        wait_delivery(tenant, delivery["id"], {"retrying", "exhausted"}, timeout=30)
        first = attempts(tenant, delivery["id"])[-1]
        assert first["errorType"] == "oauth" and first["statusCode"] is None, first
        assert "HTTP 500" in first["errorMessage"]
    assert failing.delivered == [] and failing.unauthorized == 0  # nothing sent untokened
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoints['failing']}"))["circuit"] == "closed"
