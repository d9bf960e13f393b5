"""Issue 52, item 4: `v1a` signatures (ed25519). A target's `signatureScheme` is its key's
kind: `v1` (a `whsec_` secret, the default) or `v1a` (a `whsk_` signing key the service keeps,
whose `whpk_` public key reads show). A switch is a rotation, both keys signing meanwhile.
Signatures are checked with PyNaCl and the `standardwebhooks` package, not with our code."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from sqlmodel import Session
from standardwebhooks.webhooks import Webhook

from hookline.persistence.models import Destination, Endpoint
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.receiver import Received, Receiver
from tests.support.signatures import SVIX_KEY, SVIX_PUBLIC_KEY, verify_v1a
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source

stack = in_process_stack()

def endpoint(tenant: Tenant, url: str, **fields: Any) -> dict[str, Any]:
    tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
    found: dict[str, Any] = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": url, **fields}), 201)
    return found


def sent_test(tenant: Tenant, receiver: Receiver, endpoint_id: str) -> Received:
    """The endpoint test's request, as it arrived."""
    before = len(receiver.at("/ok"))
    assert ok(tenant.client.post(f"/v1/endpoints/{endpoint_id}/test"))["success"] is True
    return receiver.wait(before + 1, "/ok")[-1]


def secret_of(stack: Stack, kind: type[Endpoint | Destination], target_id: str) -> str:
    with Session(stack.engine) as session:
        found = session.get(kind, target_id)
        assert found is not None
        return found.secret


def test_a_v1a_endpoint_signs_with_ed25519_and_shows_only_its_public_key(
        stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    made = endpoint(tenant, receiver.url(), signatureScheme="v1a")
    assert made["signatureScheme"] == "v1a" and made["secret"].startswith("whpk_")
    assert made["publicKey"] == made["secret"]
    read = ok(tenant.client.get(f"/v1/endpoints/{made['id']}"))
    assert read["signatureScheme"] == "v1a" and read["publicKey"] == made["publicKey"]
    assert "secret" not in read
    signing_key = secret_of(stack, Endpoint, made["id"])
    assert signing_key.startswith("whsk_")
    listed = tenant.client.get("/v1/endpoints").text
    assert signing_key not in listed and signing_key[5:20] not in listed  # never read back

    arrived = sent_test(tenant, receiver, made["id"])
    [signature] = arrived.headers["webhook-signature"].split(" ")
    assert signature.startswith("v1a,")
    verify_v1a(made["publicKey"], arrived)
    with pytest.raises(AssertionError):  # another key's signature does not pass
        verify_v1a(SVIX_PUBLIC_KEY, arrived)


def test_a_given_whsk_key_makes_a_v1a_endpoint_and_v1_endpoints_are_unchanged(
        tenant: Tenant, receiver: Receiver) -> None:
    svix_keyed = endpoint(tenant, receiver.url(), secret=SVIX_KEY)
    assert svix_keyed["signatureScheme"] == "v1a"
    assert svix_keyed["publicKey"] == svix_keyed["secret"] == SVIX_PUBLIC_KEY
    plain = endpoint(tenant, receiver.url())
    assert plain["signatureScheme"] == "v1" and plain["publicKey"] is None
    assert plain["secret"].startswith("whsec_")

    # Both schemes side by side, each verifying with its own key alone.
    verify_v1a(SVIX_PUBLIC_KEY, sent_test(tenant, receiver, svix_keyed["id"]))
    arrived = sent_test(tenant, receiver, plain["id"])
    assert arrived.headers["webhook-signature"].startswith("v1,")
    Webhook(plain["secret"]).verify(arrived.body, arrived.headers)


def test_a_scheme_switch_is_a_rotation_and_both_keys_sign_meanwhile(
        stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    made = endpoint(tenant, receiver.url())
    path = f"/v1/endpoints/{made['id']}"
    public_key = ok(tenant.client.post(path + "/rotate-secret",
                                       json={"signatureScheme": "v1a"}), 201)["secret"]
    assert public_key.startswith("whpk_")
    assert ok(tenant.client.get(path))["publicKey"] == public_key

    arrived = sent_test(tenant, receiver, made["id"])
    assert [s.split(",")[0] for s in arrived.headers["webhook-signature"].split(" ")] == \
        ["v1a", "v1"]  # the new key first
    verify_v1a(public_key, arrived)
    Webhook(made["secret"]).verify(arrived.body, arrived.headers)  # the old secret still

    # A rotation without a scheme keeps the endpoint's; back to v1 is a rotation too.
    again = ok(tenant.client.post(path + "/rotate-secret"), 201)["secret"]
    assert again.startswith("whpk_") and again != public_key
    secret = ok(tenant.client.post(path + "/rotate-secret",
                                   json={"signatureScheme": "v1"}), 201)["secret"]
    assert secret.startswith("whsec_")
    read = ok(tenant.client.get(path))
    assert read["signatureScheme"] == "v1" and read["publicKey"] is None
    arrived = sent_test(tenant, receiver, made["id"])
    Webhook(secret).verify(arrived.body, arrived.headers)
    verify_v1a(again, arrived)  # the key it replaced signs for 24 hours
    assert secret_of(stack, Endpoint, made["id"]) == secret


def test_destinations_sign_v1a_too(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    base = f"/v1/ingest/sources/{source['id']}/destinations"
    made = ok(tenant.client.post(base, json={"url": receiver.url(), "signatureScheme": "v1a"}),
              201)
    assert made["secret"].startswith("whpk_") and made["publicKey"] == made["secret"]
    [listed] = ok(tenant.client.get(base))
    assert listed["signatureScheme"] == "v1a" and listed["publicKey"] == made["publicKey"]
    assert secret_of(stack, Destination, made["id"]).startswith("whsk_")
    rotated = ok(tenant.client.post(f"/v1/ingest/destinations/{made['id']}/rotate-secret",
                                    json={"signatureScheme": "v1"}), 201)
    assert rotated["secret"].startswith("whsec_")
    assert ok(tenant.client.get(base))[0]["signatureScheme"] == "v1"


def _bad_key() -> str:
    """A whsk_ key whose second half is not the public key of its first."""
    raw = base64.b64decode(SVIX_KEY.removeprefix("whsk_"))
    return "whsk_" + base64.b64encode(raw[:32] + bytes(32)).decode()


@pytest.mark.parametrize(("body", "field"), [
    ({"signatureScheme": "v2"}, "signatureScheme"),
    ({"signatureScheme": None, "secret": "whsk_"}, "secret"),
    ({"secret": "whsk_" + base64.b64encode(b"x" * 32).decode()}, "secret"),  # not 64 bytes
    ({"secret": _bad_key()}, "secret"),
    ({"secret": "whsk_not base64!"}, "secret"),
    ({"secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "signatureScheme": "v1a"}, "secret"),
    ({"secret": SVIX_KEY, "signatureScheme": "v1"}, "secret"),
])
def test_a_bad_key_or_scheme_is_refused_and_nothing_changes(
        stack: Stack, tenant: Tenant, receiver: Receiver, body: dict[str, Any],
        field: str) -> None:
    made = endpoint(tenant, receiver.url())
    problem = assert_problem(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url(), **body}), 422)
    assert [e["field"] for e in problem["errors"]] == [field], problem
    assert len(ok(tenant.client.get("/v1/endpoints"))) == 1

    problem = assert_problem(tenant.client.post(f"/v1/endpoints/{made['id']}/rotate-secret",
                                                json=body), 422)
    assert [e["field"] for e in problem["errors"]] == [field], problem
    assert secret_of(stack, Endpoint, made["id"]) == made["secret"]
