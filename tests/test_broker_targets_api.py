"""Issue 53, API side: a target whose URL names a broker (kafka://, amqp://, sqs://...) is
created, read and patched with its `credentials` (write-only members never shown, kept when
a PATCH leaves them out) and `endpointOverride`; every bad URL, credential or override is a
422 naming its field with nothing saved; a private broker or service endpoint is refused at
create; an environment's `targetKinds` allows or forbids each kind. Endpoints and
destinations alike, on both databases (the API in-process)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import certifi
from sqlmodel import Session

from hookline.persistence.db import committed
from hookline.persistence.models import Destination, Endpoint
from hookline.services import accounts
from tests import test_target_settings
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_target_settings import Kind

END = "-----END CERTIFICATE-----"
stack = in_process_stack()
kind = test_target_settings.kind  # the fixture: an endpoint, then a destination

KAFKA = "kafka://127.0.0.1:9092/orders"
KEY_ID = "AKIAIOSFODNN7EXAMPLE"
KEYS = {"accessKeyId": KEY_ID, "secretAccessKey": "s"}
ONE_ROOT = Path(certifi.where()).read_text().split(END)[0] + END + "\n"
SASL = {"username": "hooks", "password": "s3cr3t", "mechanism": "SCRAM-SHA-256"}


def stored(stack: Stack, target_id: str) -> tuple[Any, Any, str]:
    model = Endpoint if target_id.startswith("ep") else Destination
    with Session(stack.engine) as session:
        row = session.get(model, target_id)
        assert row is not None
        return row.credentials, row.endpoint_override, row.url


def given(shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """A record's credentials, but the members it has none of (null)."""
    return None if shown is None else {k: v for k, v in shown.items() if v is not None}


def fields(problem: dict[str, Any]) -> list[str]:
    return [e["field"] for e in problem["errors"]]


def test_a_kafka_target_keeps_its_password_write_only(stack: Stack, kind: Kind) -> None:
    created = kind.create(url=KAFKA, credentials=SASL)
    assert created["url"] == KAFKA
    assert given(created["credentials"]) == {"username": "hooks", "mechanism": "SCRAM-SHA-256"}
    assert "s3cr3t" not in kind.tenant.client.get(kind.list_path).text
    assert stored(stack, created["id"])[0] == SASL
    # A PATCH that leaves the password out keeps it; null removes the credentials.
    renamed = kind.patch(created["id"], {"credentials": {"username": "other"}})
    assert given(renamed["credentials"]) == {"username": "other"}
    assert stored(stack, created["id"])[0] == {"username": "other", "password": "s3cr3t"}
    assert kind.patch(created["id"], {"credentials": None})["credentials"] is None
    assert stored(stack, created["id"])[0] is None


def test_an_aws_target_takes_an_endpoint_override_and_a_role(stack: Stack, kind: Kind) -> None:
    created = kind.create(url="sqs://us-east-1/orders.fifo",
                          endpointOverride="http://127.0.0.1:4566",
                          credentials={"accessKeyId": KEY_ID, "secretAccessKey": "shh"})
    assert created["endpointOverride"] == "http://127.0.0.1:4566"
    assert given(created["credentials"]) == {"accessKeyId": KEY_ID}
    # A role is assumed with the environment's id as its ExternalId, whatever the tenant
    # would like: another tenant naming the role sends its own, which the trust policy
    # refuses.
    role = {"roleArn": "arn:aws:iam::123456789012:role/hooks"}
    patched = kind.patch(created["id"], {"credentials": role, "endpointOverride": None})
    env = kind.tenant.environment_id
    assert given(patched["credentials"]) == {**role, "externalId": env}
    assert patched["endpointOverride"] is None
    assert stored(stack, created["id"])[:2] == ({**role, "externalId": env}, None)
    kind.patch(created["id"], {"credentials": {**role, "externalId": env}})
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{created['id']}", json={"credentials": {**role, "externalId": "acme"}}),
        422)
    assert fields(problem) == ["credentials.externalId"], problem
    assert stored(stack, created["id"])[0] == {**role, "externalId": env}


BAD: list[tuple[dict[str, Any], str]] = [
    ({"url": "kafka://127.0.0.1:9092/"}, "url"),  # no topic
    ({"url": "kafka://127.0.0.1:9092/a b"}, "url"),
    ({"url": "kafka://:9092/orders"}, "url"),
    ({"url": "kafka://u:p@127.0.0.1:9092/orders"}, "url"),
    ({"url": "kafka://127.0.0.1:9092/orders?colour=red"}, "url"),
    # Issue 64: keys over their cost bound (128 copies of the body; 2^22).
    ({"url": KAFKA + "?key=data" + quote("|[@,@][]") * 7}, "url"),
    ({"url": KAFKA + "?key=" + quote("data" + "|[@,@][]" * 22)}, "url"),
    ({"url": "amqp://127.0.0.1/vhost"}, "url"),  # no exchange
    ({"url": "sqs://nowhere/orders"}, "url"),  # not a region
    ({"url": "sqs://us-east-1:443/orders"}, "url"),
    ({"url": "s3://A_B/prefix"}, "url"),
    # Issue 65: a prefix that would write beside itself.
    ({"url": "s3://bucket/../other", "credentials": KEYS}, "url"),
    ({"url": "s3://bucket/in/%2e%2e/out", "credentials": KEYS}, "url"),
    ({"url": "s3://bucket/./in", "credentials": KEYS}, "url"),
    ({"url": "kafka://10.1.2.3:9092/orders"}, "url"),  # a private broker
    ({"url": "amqps://192.168.1.5/?exchange=hooks"}, "url"),
    ({"url": "sqs://us-east-1/orders", "endpointOverride": "http://10.0.0.5:4566"},
     "endpointOverride"),  # a private service endpoint
    ({"url": "sqs://us-east-1/orders", "endpointOverride": "ftp://example.com"},
     "endpointOverride"),
    ({"url": KAFKA, "endpointOverride": "https://example.com"}, "endpointOverride"),
    ({"url": KAFKA, "credentials": {"username": "hooks"}}, "credentials.password"),
    ({"url": KAFKA, "credentials": {"accessKeyId": "A", "secretAccessKey": "B"}},
     "credentials.accessKeyId"),
    ({"url": "amqp://127.0.0.1/?exchange=x", "credentials": {"username": "u",
                                                              "password": "p",
                                                              "mechanism": "PLAIN"}},
     "credentials.mechanism"),
    ({"url": "sqs://us-east-1/q", "credentials": {"accessKeyId": "A"}},
     "credentials.secretAccessKey"),
    ({"url": "sqs://us-east-1/q", "credentials": {"roleArn": "role/hooks"}},
     "credentials.roleArn"),
    ({"url": "sqs://us-east-1/q", "credentials": {"roleArn": "arn:aws:iam::1:role/h"}},
     "credentials.roleArn"),  # no 12-digit account
    ({"url": "sqs://us-east-1/q", "credentials": {"accessKeyId": "AKIA1",
                                                   "secretAccessKey": "B"}},
     "credentials.accessKeyId"),  # not an access key id
    ({"url": "sqs://us-east-1/q", "tls": {"caBundle": ONE_ROOT}}, "tls"),
    ({"url": "sqs://us-east-1/q", "credentials": {"roleArn": "arn:aws:iam::123456789012:role/h",
                                                   "accessKeyId": "A",
                                                   "secretAccessKey": "B"}},
     "credentials.roleArn"),
    ({"credentials": {"username": "u", "password": "p"}}, "credentials"),  # an HTTP target
    ({"url": KAFKA, "auth": {"type": "oauth2", "tokenUrl": "http://127.0.0.1:1/token",
                             "clientId": "c", "clientSecret": "s"}}, "auth"),
]


def test_bad_broker_input_is_refused_and_saves_nothing(kind: Kind) -> None:
    before = kind.listed()
    for body, field in BAD:
        problem = assert_problem(kind.tenant.client.post(kind.create_path,
                                                         json=kind.body(**body)), 422)
        assert fields(problem) == [field], (body, problem)
    assert kind.listed() == before


def test_a_patch_to_another_kind_checks_the_credentials_it_keeps(stack: Stack,
                                                                 kind: Kind) -> None:
    created = kind.create(url=KAFKA, credentials=SASL)
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{created['id']}", json={"url": "sqs://us-east-1/orders"}), 422)
    assert fields(problem) == ["credentials.username"], problem
    assert stored(stack, created["id"]) == (SASL, None, KAFKA)
    # Its SASL password is not carried into the key pair (cleared first), and an override
    # takes a key pair of the target's own (issue 65).
    kind.patch(created["id"], {"credentials": None})
    moved = kind.patch(created["id"], {"url": "sqs://us-east-1/orders", "credentials": KEYS,
                                       "endpointOverride": "http://127.0.0.1:4566"})
    assert moved["url"] == "sqs://us-east-1/orders"
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{created['id']}", json={"endpointOverride": "http://10.9.9.9"}), 422)
    assert fields(problem) == ["endpointOverride"], problem


def test_an_environment_allows_and_forbids_kinds(stack: Stack, tenant: Tenant, kind: Kind
                                                ) -> None:
    every = ["http", "kafka", "amqp", "sqs", "sns", "eventbridge", "kinesis", "s3"]
    assert ok(tenant.client.get("/v1/environment"))["targetKinds"] == every
    kafka = kind.create(url=KAFKA)
    chosen = ok(tenant.client.patch("/v1/environment", json={"targetKinds": ["sqs", "http"]}))
    assert chosen["targetKinds"] == ["http", "sqs"]
    problem = assert_problem(tenant.client.post(kind.create_path, json=kind.body(url=KAFKA)),
                             422)
    assert fields(problem) == ["url"] and "kafka" in problem["errors"][0]["message"], problem
    kind.create(url="sqs://us-east-1/orders",
                credentials=KEYS)
    kind.create()  # http
    # A kind forbidden later keeps its targets, but a target may not move to it.
    assert kind.read(kafka["id"])["url"] == KAFKA
    http = kind.create()
    problem = assert_problem(tenant.client.patch(f"{kind.path}/{http['id']}",
                                                 json={"url": KAFKA}), 422)
    assert fields(problem) == ["url"], problem
    bad = assert_problem(tenant.client.patch("/v1/environment",
                                             json={"targetKinds": ["ftp"]}), 422)
    assert bad["status"] == 422
    # Its key may narrow them, never widen them (issue 65): widening is the operator's.
    widened = assert_problem(tenant.client.patch("/v1/environment",
                                                 json={"targetKinds": None}), 403)
    assert fields(widened) == ["targetKinds"] and "operator" in widened["detail"], widened
    assert ok(tenant.client.patch("/v1/environment", json={"targetKinds": ["http"]}))[
        "targetKinds"] == ["http"]
    assert_problem(tenant.client.patch("/v1/environment", json={"targetKinds": ["sqs"]}), 403)
    # Nothing of a refused change is kept.
    assert_problem(tenant.client.patch("/v1/environment", json={
        "retentionDays": 9, "targetKinds": ["http", "kafka"]}), 403)
    assert ok(tenant.client.get("/v1/environment"))["retentionDays"] is None
    with Session(stack.engine) as session:
        committed(session, accounts.set_target_kinds, tenant.environment_id, None,
                  operator=True)
    assert ok(tenant.client.get("/v1/environment"))["targetKinds"] == every


def test_a_preview_shows_the_message_and_its_key(kind: Kind) -> None:
    """A broker target's preview: the message's headers (the signature's, the event type;
    no user agent or host) and its key, from the Kafka URL's expression or the default."""
    keyed = kind.create(url=KAFKA + "?key=data.customer")
    plain = kind.create(url="sqs://us-east-1/orders.fifo", credentials=KEYS)
    if kind.readable:
        sample: dict[str, Any] = {"type": "invoice.paid", "data": {"customer": "cus_9"}}
        default = "acme"  # the endpoint's Consumer
    else:
        sample = {"body": {"data": {"customer": "cus_9"}}}
        default = kind.create_path.split("/")[-2]  # the destination's Source
    found = {}
    for target in (keyed, plain):
        found[target["id"]] = ok(kind.tenant.client.post(
            f"{kind.path}/{target['id']}/preview", json=sample))
    preview = found[keyed["id"]]
    assert preview["key"] == "cus_9", preview
    assert preview["headers"]["webhook-signature"].startswith("v1,")
    assert "user-agent" not in preview["headers"] and "host" not in preview["headers"]
    assert found[plain["id"]]["key"] == default, found[plain["id"]]


def test_an_aws_target_signs_as_itself_unless_an_operator_granted_the_instance(
        stack: Stack, kind: Kind) -> None:
    """Issue 65: the instance's own AWS identity is the operator's. Without credentials of
    its own, an AWS target is a 422 on `credentials`, unless an operator granted the
    environment that identity; an `endpointOverride` (any server the tenant names) is sent
    only a key pair of the target's own, grant or not. Nothing is saved when refused."""
    sqs, role = "sqs://us-east-1/orders", {"roleArn": "arn:aws:iam::123456789012:role/hooks"}
    before = len(ok(kind.tenant.client.get(kind.list_path)))
    for body in ({"url": sqs}, {"url": sqs, "credentials": None},
                 {"url": sqs, "endpointOverride": "http://127.0.0.1:4566"},
                 {"url": sqs, "credentials": role, "endpointOverride": "http://127.0.0.1:4566"}):
        problem = assert_problem(kind.tenant.client.post(kind.create_path,
                                                         json=kind.body(**body)), 422)
        assert fields(problem) == ["credentials"], (body, problem)
    assert len(ok(kind.tenant.client.get(kind.list_path))) == before
    own = kind.create(url=sqs, credentials=KEYS, endpointOverride="http://127.0.0.1:4566")
    assumed = kind.create(url=sqs, credentials=role)
    # Dropping its own credentials while an override stays: refused, nothing changes.
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{own['id']}", json={"credentials": None}), 422)
    assert fields(problem) == ["credentials"]
    assert stored(stack, own["id"])[0] == KEYS
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{assumed['id']}", json={"credentials": None}), 422)
    assert fields(problem) == ["credentials"]
    with Session(stack.engine) as session:
        committed(session, accounts.set_instance_aws, kind.tenant.environment_id, True)
    try:
        assert kind.patch(assumed["id"], {"credentials": None})["credentials"] is None
        kind.create(url=sqs)
        problem = assert_problem(kind.tenant.client.post(kind.create_path, json=kind.body(
            url=sqs, endpointOverride="http://127.0.0.1:4566")), 422)
        assert fields(problem) == ["credentials"]
    finally:
        with Session(stack.engine) as session:
            committed(session, accounts.set_instance_aws, kind.tenant.environment_id, False)


def test_a_stored_secret_goes_only_where_it_was_given_for(stack: Stack, kind: Kind) -> None:
    """Issue 65: a change that sends a target's credentials to another broker host, or an
    AWS target's to another endpoint, gives their secrets again (a 422 naming the secret,
    nothing changed); the same host keeps them."""
    kafka = kind.create(url=KAFKA, credentials=SASL)
    elsewhere = KAFKA.replace("127.0.0.1", "127.0.0.2")
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{kafka['id']}", json={"url": elsewhere}), 422)
    assert fields(problem) == ["credentials.password"], problem
    assert "required again" in problem["detail"]
    assert stored(stack, kafka["id"]) == (SASL, None, KAFKA)
    problem = assert_problem(kind.tenant.client.patch(f"{kind.path}/{kafka['id']}", json={
        "url": elsewhere, "credentials": {"username": SASL["username"]}}), 422)
    assert fields(problem) == ["credentials.password"], problem
    same_host = KAFKA.rsplit("/", 1)[0] + "/other-topic"
    assert kind.patch(kafka["id"], {"url": same_host})["url"] == same_host
    assert stored(stack, kafka["id"])[0] == SASL
    moved = kind.patch(kafka["id"], {"url": elsewhere, "credentials": SASL})
    assert moved["url"] == elsewhere and stored(stack, kafka["id"])[0] == SASL

    aws = kind.create(url="sqs://us-east-1/orders", credentials=KEYS,
                      endpointOverride="http://127.0.0.1:4566")
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{aws['id']}", json={"endpointOverride": "http://127.0.0.2:4566"}), 422)
    assert fields(problem) == ["credentials.secretAccessKey"], problem
    assert stored(stack, aws["id"])[:2] == (KEYS, "http://127.0.0.1:4566")
    assert kind.patch(aws["id"], {"url": "sqs://us-east-1/other"})["url"] == \
        "sqs://us-east-1/other"
    assert stored(stack, aws["id"])[0] == KEYS


def test_a_stored_client_secret_goes_only_to_its_token_url(stack: Stack, kind: Kind) -> None:
    """Issue 65: an OAuth2 client secret left out of a change is kept only while the token
    URL stays: another token URL needs it given again."""
    auth = {"type": "oauth2", "tokenUrl": "https://93.184.215.14/token", "clientId": "hooks",
            "clientSecret": "operator-client-secret"}
    made = kind.create(auth=auth)
    kept = kind.patch(made["id"], {"auth": {**auth, "clientSecret": None, "scope": "w"}})
    assert kept["auth"]["scope"] == "w"
    elsewhere = {**auth, "tokenUrl": "https://93.184.215.15/token"}
    del elsewhere["clientSecret"]
    problem = assert_problem(kind.tenant.client.patch(
        f"{kind.path}/{made['id']}", json={"auth": elsewhere}), 422)
    assert fields(problem) == ["auth.clientSecret"] and "required again" in problem["detail"]
    assert kind.read(made["id"])["auth"]["tokenUrl"] == auth["tokenUrl"]
    assert kind.patch(made["id"], {"auth": {**elsewhere, "clientSecret": "its-own"}})[
        "auth"]["tokenUrl"] == elsewhere["tokenUrl"]
