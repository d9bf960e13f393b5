"""Issue 69, API side of broker sources: a Source of type `kafka`, `sqs` or `amqp` names the
topic or queue it reads (`url`), its sign-in under a broker target's rules (`credentials`
write-only and sealed, `tls`, `endpointOverride`), a dead-letter target on its own broker,
a `mapping` of JMESPath expressions, and `consumption` bounds with defaults per kind. Every
bad value is a 422 naming its field with nothing saved; what only an ingestion URL's Source
takes is refused; the environment's `targetKinds` and the instance's AWS identity rule
apply as to targets. On both databases (the API in-process)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import Session, select

from hookline.persistence.db import committed
from hookline.persistence.models import Source
from hookline.services import accounts
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.test_broker_targets_api import KEYS, SASL, fields, given
from tests.test_platform_http import assert_problem

pytestmark = pytest.mark.both_databases
stack = in_process_stack()

KAFKA = "kafka://127.0.0.1:9092/orders"
KAFKA_DEAD = "kafka://127.0.0.1:9092/orders-dead"
SQS, SQS_DEAD = "sqs://us-east-1/orders", "sqs://us-east-1/orders-dead"
AMQP = "amqp://127.0.0.1/hooks?queue=orders"
AMQP_DEAD = "amqp://127.0.0.1/hooks?exchange=&routingKey=orders-dead"
MOTO = "http://127.0.0.1:4566"
PATH = "/v1/ingest/sources"


def create(tenant: Tenant, **body: Any) -> dict[str, Any]:
    return ok(tenant.client.post(PATH, json={"name": f"s{len(listed(tenant))}", **body}), 201)


def listed(tenant: Tenant) -> list[dict[str, Any]]:
    return ok(tenant.client.get(PATH))


def patch(tenant: Tenant, source_id: str, body: dict[str, Any]) -> dict[str, Any]:
    return ok(tenant.client.patch(f"{PATH}/{source_id}", json=body))


def row(stack: Stack, source_id: str) -> Source:
    with Session(stack.engine) as session:
        found = session.get(Source, source_id)
        assert found is not None
        return found


def test_a_kafka_source_keeps_its_settings_and_its_password_write_only(
        stack: Stack, tenant: Tenant) -> None:
    mapping = {"consumer": "customer.id", "eventType": "kind"}
    created = create(tenant, type="kafka", url=KAFKA, deadLetter=KAFKA_DEAD,
                     credentials=SASL, mapping=mapping)
    assert (created["type"], created["url"], created["deadLetter"]) == ("kafka", KAFKA,
                                                                        KAFKA_DEAD)
    assert given(created["credentials"]) == {"username": "hooks", "mechanism": "SCRAM-SHA-256"}
    assert given(created["mapping"]) == mapping
    assert created["consumption"] == {"concurrency": 10, "batchSize": 100,
                                      "startFrom": "latest"}
    assert created["destinations"] == 0 and created["lag"] is None
    assert created["lastError"] is None and created["pausedUntil"] is None
    assert "s3cr3t" not in tenant.client.get(PATH).text
    assert row(stack, created["id"]).credentials == SASL
    # A PATCH that leaves the password out keeps it; the members of `consumption` and
    # `mapping` it leaves out keep theirs, a null one is its default again (or gone).
    patch(tenant, created["id"], {"consumption": {"concurrency": 3, "startFrom": "earliest"}})
    changed = patch(tenant, created["id"], {
        "credentials": {"username": "other"}, "consumption": {"batchSize": 5},
        "mapping": {"payload": "order", "consumer": None}})
    assert given(changed["credentials"]) == {"username": "other"}
    assert row(stack, created["id"]).credentials == {"username": "other", "password": "s3cr3t"}
    assert changed["consumption"] == {"concurrency": 3, "batchSize": 5,
                                      "startFrom": "earliest"}
    assert given(changed["mapping"]) == {"eventType": "kind", "payload": "order"}
    assert ok(tenant.client.get(f"{PATH}/{created['id']}")) == changed
    reset = patch(tenant, created["id"], {"consumption": {"concurrency": None},
                                          "mapping": None})
    assert reset["consumption"]["concurrency"] == 10 and reset["mapping"] is None
    # The type may be left to the URL's kind.
    inferred = create(tenant, url=KAFKA.replace("orders", "refunds"), deadLetter=KAFKA_DEAD)
    assert inferred["type"] == "kafka"


def test_an_sqs_and_an_amqp_source_take_their_own_forms(stack: Stack, tenant: Tenant) -> None:
    sqs = create(tenant, type="sqs", url=SQS, deadLetter=SQS_DEAD, credentials=KEYS,
                 endpointOverride=MOTO)
    assert (sqs["url"], sqs["endpointOverride"]) == (SQS, MOTO)
    assert given(sqs["credentials"]) == {"accessKeyId": KEYS["accessKeyId"]}
    assert sqs["consumption"] == {"concurrency": 10, "batchSize": 10, "startFrom": None}
    amqp = create(tenant, type="amqp", url=AMQP, deadLetter=AMQP_DEAD,
                  credentials={"username": "u", "password": "p"},
                  consumption={"concurrency": 3, "batchSize": 50})
    assert amqp["consumption"] == {"concurrency": 3, "batchSize": 50, "startFrom": None}
    assert row(stack, amqp["id"]).credentials == {"username": "u", "password": "p"}
    # An ingestion URL's Source shows none of it.
    webhook = create(tenant)
    assert webhook["url"].endswith("/in/" + row(stack, webhook["id"]).token)
    assert (webhook["deadLetter"], webhook["consumption"], webhook["credentials"]) == (
        None, None, None)


BAD: list[tuple[dict[str, Any], str]] = [
    ({"type": "kafka", "deadLetter": KAFKA_DEAD}, "url"),
    ({"type": "kafka", "url": SQS, "deadLetter": KAFKA_DEAD}, "url"),
    ({"type": "kafka", "url": KAFKA + "?key=id", "deadLetter": KAFKA_DEAD}, "url"),
    ({"type": "amqp", "url": "amqp://127.0.0.1/hooks", "deadLetter": AMQP_DEAD}, "url"),
    ({"type": "amqp", "url": "amqp://127.0.0.1/hooks?exchange=x", "deadLetter": AMQP_DEAD},
     "url"),
    ({"type": "sqs", "url": "sns://us-east-1/orders", "deadLetter": SQS_DEAD}, "url"),
    ({"type": "kafka", "url": "kafka://10.1.2.3:9092/orders",
      "deadLetter": "kafka://10.1.2.3:9092/dead"}, "url"),  # a private broker
    ({"type": "kafka", "url": KAFKA}, "deadLetter"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": SQS_DEAD}, "deadLetter"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": "kafka://127.0.0.2:9092/dead"},
     "deadLetter"),  # another broker: the credentials go nowhere else
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA}, "deadLetter"),  # a loop
    ({"type": "amqp", "url": AMQP,
      "deadLetter": "amqp://127.0.0.1/hooks?exchange=&routingKey=orders"}, "deadLetter"),
    ({"type": "sqs", "url": SQS, "deadLetter": SQS, "credentials": KEYS}, "deadLetter"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD,
      "mapping": {"consumer": "a[?"}}, "mapping.consumer"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD,
      "mapping": {"payload": "data" + "|[@,@][]" * 7}}, "mapping.payload"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD,
      "mapping": {"channel": "a"}}, "mapping.channel"),
    ({"type": "sqs", "url": SQS, "deadLetter": SQS_DEAD, "credentials": KEYS,
      "consumption": {"batchSize": 11}}, "consumption.batchSize"),
    ({"type": "sqs", "url": SQS, "deadLetter": SQS_DEAD, "credentials": KEYS,
      "consumption": {"startFrom": "earliest"}}, "consumption.startFrom"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD,
      "consumption": {"concurrency": 0}}, "consumption.concurrency"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD,
      "credentials": {"accessKeyId": "A", "secretAccessKey": "B"}}, "credentials.accessKeyId"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD,
      "credentials": {"username": "hooks"}}, "credentials.password"),
    ({"type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD,
      "endpointOverride": MOTO}, "endpointOverride"),
    ({"type": "sqs", "url": SQS, "deadLetter": SQS_DEAD, "credentials": KEYS,
      "endpointOverride": "http://10.0.0.5:4566"}, "endpointOverride"),
    ({"type": "sqs", "url": SQS, "deadLetter": SQS_DEAD}, "credentials"),  # no identity
    ({"type": "webhook", "url": KAFKA}, "url"),
    ({"type": "cron", "deadLetter": KAFKA_DEAD}, "deadLetter"),
    ({"url": "https://example.com/hooks"}, "url"),
]


def test_bad_broker_source_input_is_refused_and_saves_nothing(tenant: Tenant) -> None:
    before = listed(tenant)
    for body, field in BAD:
        problem = assert_problem(tenant.client.post(PATH, json={"name": "bad", **body}), 422)
        assert fields(problem) == [field], (body, problem)
    assert listed(tenant) == before


def test_a_broker_source_refuses_what_only_an_ingestion_url_takes(
        stack: Stack, tenant: Tenant) -> None:
    source = create(tenant, type="kafka", url=KAFKA, deadLetter=KAFKA_DEAD)
    path = f"{PATH}/{source['id']}"
    for body, field in (({"provider": "stripe"}, "provider"),
                        ({"providerConfig": {"a": "b"}}, "providerConfig"),
                        ({"cronExpression": "* * * * *"}, "cronExpression"),
                        ({"url": SQS}, "url"), ({"deadLetter": None}, "deadLetter"),
                        ({"url": None}, "url"),
                        ({"url": "kafka://127.0.0.2:9092/orders"}, "deadLetter")):
        problem = assert_problem(tenant.client.patch(path, json=body), 422)
        assert fields(problem) == [field], (body, problem)
    problem = assert_problem(tenant.client.put(f"{path}/secret", json={"secret": "x"}), 422)
    assert fields(problem) == ["secret"]
    assert_problem(tenant.client.post(f"{path}/rotate-token"), 409)
    problem = assert_problem(tenant.client.post(f"{path}/destinations",
                                                json={"url": "https://example.com/h"}), 422)
    assert fields(problem) == ["sourceId"], problem
    # Its unused token is no ingestion URL.
    assert_problem(tenant.client.post(f"/in/{row(stack, source['id']).token}", json={}), 404)
    assert ok(tenant.client.get(path)) == source
    # A move to another broker moves its dead letter with it.
    moved = patch(tenant, source["id"], {"url": "kafka://127.0.0.2:9092/orders",
                                         "deadLetter": "kafka://127.0.0.2:9092/dead"})
    assert moved["deadLetter"] == "kafka://127.0.0.2:9092/dead"


def test_a_stored_password_goes_only_to_the_broker_it_was_given_for(
        stack: Stack, tenant: Tenant) -> None:
    source = create(tenant, type="kafka", url=KAFKA, deadLetter=KAFKA_DEAD, credentials=SASL)
    elsewhere = {"url": "kafka://127.0.0.2:9092/orders",
                 "deadLetter": "kafka://127.0.0.2:9092/dead"}
    problem = assert_problem(tenant.client.patch(f"{PATH}/{source['id']}", json=elsewhere),
                             422)
    assert fields(problem) == ["credentials.password"], problem
    assert row(stack, source["id"]).url == KAFKA
    moved = patch(tenant, source["id"], {**elsewhere, "credentials": SASL})
    assert moved["url"] == elsewhere["url"] and row(stack, source["id"]).credentials == SASL


def test_the_environment_rules_apply_as_to_targets(stack: Stack, tenant: Tenant) -> None:
    """`targetKinds` allows or forbids each kind of Source; an SQS Source without
    credentials of its own reads as the instance only where an operator granted it."""
    ok(tenant.client.patch("/v1/environment", json={"targetKinds": ["http", "sqs"]}))
    problem = assert_problem(tenant.client.post(PATH, json={
        "name": "k", "type": "kafka", "url": KAFKA, "deadLetter": KAFKA_DEAD}), 422)
    assert fields(problem) == ["url"] and "kafka" in problem["errors"][0]["message"]
    create(tenant, type="sqs", url=SQS, deadLetter=SQS_DEAD, credentials=KEYS)
    with Session(stack.engine) as session:
        committed(session, accounts.set_instance_aws, tenant.environment_id, True)
    bare = create(tenant, type="sqs", url=SQS, deadLetter=SQS_DEAD)
    assert bare["credentials"] is None
    with Session(stack.engine) as session:
        kinds = session.exec(select(Source.type).where(
            Source.environment_id == tenant.environment_id)).all()
    assert sorted(kinds) == ["sqs", "sqs"]
