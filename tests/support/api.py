"""Small helpers over the public API, as a user would call it."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.support.stack import Tenant

FINAL = {"delivered", "exhausted", "cancelled"}


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, f"{response.status_code}: {response.text}"
    return response.json() if response.content else None


def setup_endpoint(tenant: Tenant, url: str, *, event_type: str = "invoice.paid",
                   consumer: str = "acme", events: list[str] | None = None) -> dict[str, Any]:
    """Registers the event type and Consumer if new, then an endpoint; returns its record
    with `secret`."""
    tenant.client.post("/v1/event-types", json={"name": event_type})
    tenant.client.post("/v1/consumers", json={"externalId": consumer, "name": consumer})
    body: dict[str, Any] = {"consumer": consumer, "url": url}
    if events is not None:
        body["events"] = events
    return ok(tenant.client.post("/v1/endpoints", json=body), 201)


def publish(tenant: Tenant, data: dict[str, Any] | None = None, *,
            event_type: str = "invoice.paid", consumer: str = "acme",
            headers: dict[str, str] | None = None) -> dict[str, Any]:
    body = {"type": event_type, "consumer": consumer, "data": data or {"n": 1}}
    return ok(tenant.client.post("/v1/events", json=body, headers=headers), 201)


def polled(tenant: Tenant, path: str) -> Any:
    """A GET a waiting test repeats, made as a polite client makes it: a 429 (the
    organization's requests/s, which a loop over Deliveries already final can pass) waits
    its Retry-After and asks again."""
    while True:
        response = tenant.client.get(path)
        if response.status_code != 429:
            return ok(response)
        time.sleep(min(float(response.headers.get("retry-after") or 1), 5))


def deliveries_of(tenant: Tenant, event_id: str) -> list[dict[str, Any]]:
    return polled(tenant, f"/v1/events/{event_id}/deliveries")["items"]


def wait_delivery(tenant: Tenant, delivery_id: str, statuses: set[str] | None = None,
                  timeout: float = 60) -> dict[str, Any]:
    """Poll until the Delivery reaches one of `statuses` (default: any final one)."""
    wanted = statuses or FINAL
    deadline = time.monotonic() + timeout
    while True:
        record = polled(tenant, f"/v1/deliveries/{delivery_id}")
        if record["status"] in wanted:
            return record
        if time.monotonic() > deadline:
            raise AssertionError(f"{delivery_id} still {record['status']} after {timeout} s")
        time.sleep(0.2)


def attempts(tenant: Tenant, delivery_id: str) -> list[dict[str, Any]]:
    return ok(tenant.client.get(f"/v1/deliveries/{delivery_id}/attempts"))["items"]
