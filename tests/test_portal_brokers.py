"""Issue 53 in the consumer portal: a Consumer adds and edits endpoints of the kinds their
environment allows (`targetKinds`), brokers included, with a broker sign-in whose secrets
are write-only (a blank one keeps the stored one); pages say what each endpoint is
("Kafka topic orders on ...") and never show a secret; bad input is the API's 422 on the
form, next to its field, with nothing saved. The API in-process, on both databases (a test
event that reaches a real broker: test_portal_kafka.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from sqlmodel import Session

from hookline.persistence.models import Endpoint
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.portal import PortalClient, consumer, endpoint_ids, opened
from tests.support.stack import Stack, Tenant

stack = in_process_stack()

KAFKA = "kafka://127.0.0.1:9092/orders"
PASSWORD = "pw-never-shown-7f3a"
SASL = {"broker_username": "hooks", "broker_password": PASSWORD,
        "broker_mechanism": "SCRAM-SHA-256"}
AWS_SECRET = "aws-secret-never-shown-91c2"
ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE"


@pytest.fixture
def browser(stack: Stack) -> Iterator[PortalClient]:
    client = PortalClient(stack.base_url)
    yield client
    client.close()


def stored(stack: Stack, endpoint_id: str) -> Endpoint:
    with Session(stack.engine) as session:
        row = session.get(Endpoint, endpoint_id)
        assert row is not None
        return row


def add(browser: PortalClient, url: str, **fields: Any) -> Any:
    browser.get("/portal/endpoints/new")
    return browser.post("/portal/endpoints", {"url": url, "events": [], **fields})


def field_error(page: str, name: str) -> str:
    """The message shown next to the form's field `name`."""
    found = re.search(rf'<span class="field-error" id="{name}-error">(.*?)</span>', page)
    assert found is not None, page
    return found.group(1).replace("&#39;", "'")


def every_page(browser: PortalClient, endpoint_id: str) -> str:
    """Every page of the portal that may name the endpoint, as one text."""
    pages = [browser.get(path) for path in (
        "/portal/", "/portal/endpoints", "/portal/endpoints/new",
        f"/portal/endpoints/{endpoint_id}", "/portal/deliveries", "/portal/event-types",
        "/portal/verify")]
    return "".join(pages) + browser.get("/portal/deliveries", endpoint=endpoint_id)


def test_a_kafka_endpoint_with_sasl_is_added_shown_and_edited_without_its_password(
        stack: Stack, tenant: Tenant, browser: PortalClient) -> None:
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    form = browser.get("/portal/endpoints/new")
    assert "Broker sign-in" in form and 'name="broker_password"' in form
    created = add(browser, KAFKA, **SASL)
    assert created.status_code == 200, created.text
    assert "whsec_" in created.text and PASSWORD not in created.text
    [endpoint_id] = endpoint_ids(tenant)
    row = stored(stack, endpoint_id)
    assert (row.url, row.credentials) == (KAFKA, {
        "username": "hooks", "password": PASSWORD, "mechanism": "SCRAM-SHA-256"})
    record = ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))
    assert record["credentials"]["username"] == "hooks"

    page = browser.get(f"/portal/endpoints/{endpoint_id}")
    assert "<h1>Kafka topic orders on 127.0.0.1:9092</h1>" in page
    assert "as user hooks with SASL SCRAM-SHA-256" in page and KAFKA in page
    assert 'name="broker_username" value="hooks"' in page
    assert 'name="broker_password" value=""' in page
    assert '<option value="SCRAM-SHA-256" selected>' in page
    listed = browser.get("/portal/endpoints")
    assert "Kafka topic orders on 127.0.0.1:9092</a>" in listed
    assert "Sign-in: as user hooks with SASL SCRAM-SHA-256" in listed

    # Saved again with the password blank: the stored one stays.
    kept = {"url": KAFKA, "description": "orders", "events": [],
            **SASL, "broker_password": "", "broker_mechanism": "SCRAM-SHA-512"}
    assert browser.post(f"/portal/endpoints/{endpoint_id}", kept).status_code == 200
    row = stored(stack, endpoint_id)
    assert row.credentials == {"username": "hooks", "password": PASSWORD,
                               "mechanism": "SCRAM-SHA-512"}
    assert row.description == "orders"
    assert PASSWORD not in every_page(browser, endpoint_id)
    # A new password replaces it; every field cleared removes the sign-in.
    changed = {**kept, "broker_password": "another"}
    assert browser.post(f"/portal/endpoints/{endpoint_id}", changed).status_code == 200
    assert (stored(stack, endpoint_id).credentials or {})["password"] == "another"
    cleared = {**kept, "broker_username": "", "broker_mechanism": ""}
    assert browser.post(f"/portal/endpoints/{endpoint_id}", cleared).status_code == 200
    assert stored(stack, endpoint_id).credentials is None
    assert "Sign-in: none" in browser.get("/portal/endpoints")


def test_a_read_only_link_sees_a_broker_endpoint_and_its_sign_in(
        tenant: Tenant, browser: PortalClient) -> None:
    consumer(tenant, "acme", "invoice.paid")
    url = "amqp://127.0.0.1:5672/?exchange=hooks&routingKey=invoices"
    created = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": url,
        "credentials": {"username": "rabbit", "password": PASSWORD}}), 201)
    opened(browser, tenant, readOnly=True)
    page = browser.get(f"/portal/endpoints/{created['id']}")
    assert "RabbitMQ exchange hooks with routing key invoices on 127.0.0.1:5672" in page
    assert "as user rabbit" in page and "Broker sign-in" not in page  # no form
    assert PASSWORD not in every_page(browser, created["id"])


def test_an_aws_endpoint_takes_a_key_pair_and_an_endpoint_override(
        stack: Stack, tenant: Tenant, browser: PortalClient) -> None:
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    created = add(browser, "sqs://us-east-1/orders", aws_access_key_id=ACCESS_KEY,
                  aws_secret_access_key=AWS_SECRET, endpoint_override="http://127.0.0.1:4566")
    assert created.status_code == 200, created.text
    [endpoint_id] = endpoint_ids(tenant)
    row = stored(stack, endpoint_id)
    assert row.credentials == {"accessKeyId": ACCESS_KEY, "secretAccessKey": AWS_SECRET}
    assert row.endpoint_override == "http://127.0.0.1:4566"
    page = browser.get(f"/portal/endpoints/{endpoint_id}")
    assert "<h1>SQS queue orders (us-east-1)</h1>" in page and f"access key {ACCESS_KEY}" in page
    assert "<dt>Endpoint override</dt><dd><code>http://127.0.0.1:4566</code>" in page
    # The form tells the external id a role is assumed with: the environment's id.
    assert f"assumed with the external id <code>{tenant.environment_id}</code>" in page
    # A role instead of the key pair: the secret is not carried over to it.
    role = {"url": "sqs://us-east-1/orders", "events": [], "aws_role_arn":
            "arn:aws:iam::123456789012:role/hooks", "endpoint_override": ""}
    assert browser.post(f"/portal/endpoints/{endpoint_id}", role).status_code == 200
    row = stored(stack, endpoint_id)
    assert row.credentials == {"roleArn": "arn:aws:iam::123456789012:role/hooks",
                               "externalId": tenant.environment_id}
    assert row.endpoint_override is None
    assert f"role arn:aws:iam::123456789012:role/hooks (external id {tenant.environment_id})" \
        in browser.get("/portal/endpoints")
    assert AWS_SECRET not in every_page(browser, endpoint_id)


BAD = [  # what is typed, the field the API names, the form's field it is shown next to
    ({"url": KAFKA, "broker_password": "x"}, "credentials.username", "broker_username"),
    ({"url": KAFKA, "broker_username": "u", "broker_mechanism": "MD5"},
     "credentials.mechanism", "broker_mechanism"),
    ({"url": "amqp://127.0.0.1:5672/?exchange=x", "broker_username": "u",
      "broker_password": "p", "broker_mechanism": "PLAIN"},
     "credentials.mechanism", "broker_mechanism"),
    ({"url": KAFKA, "endpoint_override": "http://127.0.0.1:4566"}, "endpointOverride",
     "endpoint_override"),
    ({"url": "sqs://us-east-1/q", "aws_access_key_id": "AKIA"},
     "credentials.secretAccessKey", "aws_secret_access_key"),
    ({"url": "sqs://us-east-1/q", "aws_role_arn": "not-an-arn"}, "credentials.roleArn",
     "aws_role_arn"),
    ({"url": "https://93.184.215.14/hook", "broker_username": "u", "broker_password": "p"},
     "credentials", "credentials"),
    ({"url": "kafka://127.0.0.1:9092/"}, "url", "url"),
]


def test_a_bad_sign_in_is_the_apis_error_next_to_its_field_and_saves_nothing(
        stack: Stack, tenant: Tenant, browser: PortalClient) -> None:
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    for typed, named, at in BAD:
        refused = add(browser, **typed)
        assert refused.status_code == 422, (typed, refused.text)
        assert f"{named}: " in refused.text.replace("&#39;", "'"), (named, refused.text)
        assert field_error(refused.text, at), at
        assert f'value="{typed["url"]}"' in refused.text.replace("&amp;", "&")  # as typed
    assert endpoint_ids(tenant) == []
    # An edit refused changes nothing either.
    assert add(browser, KAFKA, **SASL).status_code == 200
    [endpoint_id] = endpoint_ids(tenant)
    browser.get(f"/portal/endpoints/{endpoint_id}")
    refused = browser.post(f"/portal/endpoints/{endpoint_id}", {
        "url": KAFKA, "events": [], "broker_username": "", "broker_password": "new"})
    assert refused.status_code == 422
    assert field_error(refused.text, "broker_username") == "is required with password"
    assert stored(stack, endpoint_id).credentials == {
        "username": "hooks", "password": PASSWORD, "mechanism": "SCRAM-SHA-256"}


def test_the_form_offers_only_the_environments_kinds_and_refuses_the_others(
        stack: Stack, tenant: Tenant, browser: PortalClient) -> None:
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    every = browser.get("/portal/endpoints/new")
    for example in ("https://example.com/webhooks", "kafka://kafka.example.com:9092/orders",
                    "sqs://us-east-1/orders", "s3://my-bucket/webhooks/?region=eu-west-1"):
        assert example in every.replace("&amp;", "&"), example
    kept = add(browser, KAFKA)  # made before Kafka was forbidden
    assert kept.status_code == 200
    [kept_id] = endpoint_ids(tenant)
    ok(tenant.client.patch("/v1/environment", json={"targetKinds": ["http", "sqs"]}))

    form = browser.get("/portal/endpoints/new")
    hint = re.search(r'<p class="hint kinds" id="url-kinds">(.*?)</p>', form)
    assert hint is not None
    assert re.sub(r"<[^>]+>", "", hint.group(1)) == (
        "Allowed here: your server https://example.com/webhooks · SQS sqs://us-east-1/orders")
    assert "(optional: for SQS)" in form
    assert 'name="aws_access_key_id"' in form and 'name="broker_username"' not in form
    refused = add(browser, "kafka://127.0.0.1:9092/other", **SASL)
    api = "url: this environment does not allow kafka targets (its targetKinds: http, sqs)"
    assert refused.status_code == 422 and api in refused.text
    assert field_error(refused.text, "url").startswith("this environment does not allow")
    assert endpoint_ids(tenant) == [kept_id]
    # The kept endpoint keeps its sign-in on the form, and may be edited, but not into
    # another forbidden kind.
    page = browser.get(f"/portal/endpoints/{kept_id}")
    assert 'name="broker_username"' in page
    edited = browser.post(f"/portal/endpoints/{kept_id}", {
        "url": KAFKA, "events": [], "description": "still here", **SASL})
    assert edited.status_code == 200, edited.text
    moved = browser.post(f"/portal/endpoints/{kept_id}", {
        "url": "amqp://127.0.0.1:5672/?exchange=x", "events": []})
    assert moved.status_code == 422 and "does not allow amqp targets" in moved.text
    assert stored(stack, kept_id).url == KAFKA
    ok(tenant.client.patch("/v1/environment", json={"targetKinds": ["http"]}))
    only_http = browser.get("/portal/endpoints/new")
    assert "Broker sign-in" not in only_http
    assert "Allowed here: <span class=\"kind\">your server <code>https://example.com/webhooks" \
        "</code></span></p>" in only_http
