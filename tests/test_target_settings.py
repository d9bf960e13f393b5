"""Fair delivery, items 3-4, API side: the `rateLimit` of endpoints and destinations (set,
read, patched, cleared, refused) and the circuit breaker their reads show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import Session

from hookline.persistence.models import TargetGate
from hookline.timeutil import iso, utcnow
from tests.support.api import ok
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source

BAD_RATE_LIMITS = [0, -1, 10001, 2.5, "abc", True, ""]


@dataclass
class Kind:
    """One of the two target resources, as a user reaches it over HTTP."""

    tenant: Tenant
    url: str
    create_path: str  # POST here
    list_path: str  # GET here: a list of records
    path: str  # PATCH (and, for endpoints, GET) a record at path + "/" + id
    readable: bool  # whether a single record has a GET of its own

    def create(self, **fields: Any) -> dict[str, Any]:
        found: dict[str, Any] = ok(self.tenant.client.post(
            self.create_path, json=self.body(**fields)), 201)
        return found

    def body(self, **fields: Any) -> dict[str, Any]:
        extra = {"consumer": "acme"} if self.readable else {}
        return {"url": self.url, **extra, **fields}

    def listed(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = ok(self.tenant.client.get(self.list_path))
        return found

    def read(self, target_id: str) -> dict[str, Any]:
        """The single record: its GET, or (destinations have none) its entry in the list."""
        if self.readable:
            found: dict[str, Any] = ok(self.tenant.client.get(f"{self.path}/{target_id}"))
            return found
        return next(d for d in self.listed() if d["id"] == target_id)

    def patch(self, target_id: str, body: dict[str, Any]) -> dict[str, Any]:
        found: dict[str, Any] = ok(self.tenant.client.patch(f"{self.path}/{target_id}",
                                                            json=body))
        return found


@pytest.fixture(params=["endpoint", "destination"])
def kind(request: pytest.FixtureRequest, tenant: Tenant, receiver: Receiver) -> Kind:
    if request.param == "endpoint":
        tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
        return Kind(tenant, receiver.url(), "/v1/endpoints", "/v1/endpoints",
                    "/v1/endpoints", readable=True)
    source = make_source(tenant)
    destinations = f"/v1/ingest/sources/{source['id']}/destinations"
    return Kind(tenant, receiver.url(), destinations, destinations, "/v1/ingest/destinations",
                readable=False)


def refused(response: Any) -> None:
    problem = assert_problem(response, 422)
    assert [e["field"] for e in problem["errors"]] == ["rateLimit"], problem


def test_rate_limit_is_set_read_patched_and_cleared(kind: Kind) -> None:
    created = kind.create(rateLimit=20)
    assert created["rateLimit"] == 20 and kind.read(created["id"])["rateLimit"] == 20
    as_text = kind.create(rateLimit="20")
    assert as_text["rateLimit"] == 20 and kind.read(as_text["id"])["rateLimit"] == 20
    unlimited = kind.create()
    assert unlimited["rateLimit"] is None and kind.read(unlimited["id"])["rateLimit"] is None
    assert kind.create(rateLimit=None)["rateLimit"] is None
    target = created["id"]
    assert kind.patch(target, {"rateLimit": 5})["rateLimit"] == 5
    assert kind.read(target)["rateLimit"] == 5
    assert kind.patch(target, {"rateLimit": "10000"})["rateLimit"] == 10000
    assert kind.patch(target, {"rateLimit": 1})["rateLimit"] == 1
    kept = kind.patch(target, {"description": "kept"})
    assert kept["rateLimit"] == 1 and kind.read(target)["rateLimit"] == 1
    cleared = kind.patch(target, {"rateLimit": None})
    assert cleared["rateLimit"] is None and cleared["description"] == "kept"
    assert kind.read(target)["rateLimit"] is None
    assert kind.read(as_text["id"])["rateLimit"] == 20  # the others are untouched


def test_bad_rate_limit_is_refused_and_changes_nothing(kind: Kind) -> None:
    target = kind.create(rateLimit=7, description="before")["id"]
    before = kind.listed()
    for value in BAD_RATE_LIMITS:
        refused(kind.tenant.client.post(kind.create_path, json=kind.body(rateLimit=value)))
        refused(kind.tenant.client.patch(f"{kind.path}/{target}",
                                         json={"rateLimit": value, "description": "after"}))
        assert kind.listed() == before, value
        assert kind.read(target)["rateLimit"] == 7, value
        assert kind.read(target)["description"] == "before", value


def test_circuit_shows_in_reads_and_lists(stack: Stack, kind: Kind) -> None:
    created = kind.create()
    closed = {"circuit": "closed", "circuitOpenedAt": None, "circuitRetryAt": None}
    assert closed.items() <= created.items()
    assert closed.items() <= kind.read(created["id"]).items()
    other = kind.create()
    opened_at = utcnow() - timedelta(seconds=30)
    retry_at = opened_at + timedelta(minutes=5)
    with Session(stack.engine) as session:
        session.add(TargetGate(target_id=created["id"], failures=5, circuit="open",
                               circuit_opened_at=opened_at, circuit_retry_at=retry_at))
        session.commit()
    shown = {"circuit": "open", "circuitOpenedAt": iso(opened_at),
             "circuitRetryAt": iso(retry_at)}
    assert shown.items() <= kind.read(created["id"]).items()
    listed = {d["id"]: d for d in kind.listed()}
    assert shown.items() <= listed[created["id"]].items()
    assert closed.items() <= listed[other["id"]].items()
    assert shown.items() <= kind.patch(created["id"], {"rateLimit": 3}).items()
    with Session(stack.engine) as session:
        gate = session.get(TargetGate, created["id"])
        assert gate is not None
        gate.circuit = "half_open"
        session.add(gate)
        session.commit()
    assert kind.read(created["id"])["circuit"] == "half_open"
