"""Failure notices (issue 70), the API's side: a Consumer's `contacts` checked as a hostile
tenant would probe them (a private address, another scheme, too many addresses), the
channels they become (hidden endpoints no list shows), the environment's notice settings,
a notice's preview, and the notices list, which no other environment reaches."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from hookline.persistence.models import Consumer, Endpoint
from hookline.services import failure_notices
from hookline.services.notice_channels import holder_of
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem

stack = in_process_stack()

SLACK = "http://127.0.0.1:9/slack"
TEAMS = "http://127.0.0.1:9/teams"


def with_contacts(tenant: Tenant, contacts: Any, external_id: str = "acme") -> Any:
    return tenant.client.post("/v1/consumers", json={
        "externalId": external_id, "name": "Acme", "contacts": contacts})


def channels(stack: Stack, consumer_id: str) -> list[tuple[str, str]]:
    """The hidden endpoints that carry the Consumer's notices: (channel, URL)."""
    with Session(stack.engine) as session:
        holder = session.exec(select(Consumer).where(
            Consumer.external_id == holder_of(consumer_id))).first()
        if holder is None:
            return []
        return sorted((e.description or "", e.url) for e in session.exec(
            select(Endpoint).where(Endpoint.consumer_id == holder.id)))


def test_contacts_are_kept_and_become_hidden_channels(stack: Stack, tenant: Tenant) -> None:
    made = ok(with_contacts(tenant, {"emails": ["Ops@Acme.com", "ops@acme.com",
                                                "dev@acme.com"], "slackUrl": SLACK}), 201)
    assert made["contacts"] == {"emails": ["ops@acme.com", "dev@acme.com"],
                                "slackUrl": SLACK, "teamsUrl": None}
    assert channels(stack, made["id"]) == [("email", "mailto:dev@acme.com"),
                                           ("email", "mailto:ops@acme.com"),
                                           ("slack", SLACK)]
    # No list of the user's shows them: not their endpoints, not the operational ones.
    assert ok(tenant.client.get("/v1/endpoints")) == []
    assert ok(tenant.client.get("/v1/operational-endpoints")) == []
    changed = ok(tenant.client.patch("/v1/consumers/acme", json={
        "contacts": {"emails": ["dev@acme.com"], "teamsUrl": TEAMS}}))
    assert changed["contacts"]["slackUrl"] is None
    assert channels(stack, made["id"]) == [("email", "mailto:dev@acme.com"),
                                           ("teams", TEAMS)]
    # A PATCH without contacts keeps them; null tells nobody any more.
    assert ok(tenant.client.patch("/v1/consumers/acme", json={"name": "Acme 2"})
              )["contacts"] == changed["contacts"]
    assert ok(tenant.client.patch("/v1/consumers/acme", json={"contacts": None})
              )["contacts"] is None
    assert channels(stack, made["id"]) == []
    assert ok(tenant.client.get("/v1/consumers/acme"))["contacts"] is None


def test_a_hostile_tenants_contacts_are_refused_and_change_nothing(stack: Stack,
                                                                  tenant: Tenant) -> None:
    for contacts, field in [
        ({"slackUrl": "http://169.254.169.254/latest/meta-data"}, "contacts.slackUrl"),
        ({"teamsUrl": "http://10.0.0.1/teams"}, "contacts.teamsUrl"),
        ({"slackUrl": "kafka://127.0.0.1:9092/topic"}, "contacts.slackUrl"),
        ({"slackUrl": "mailto:ops@acme.com"}, "contacts.slackUrl"),
        ({"teamsUrl": "file:///etc/passwd"}, "contacts.teamsUrl"),
        ({"emails": ["not an address"]}, "contacts.emails"),
        ({"emails": ["a@b.com\r\nBcc: victim@x.com"]}, "contacts.emails"),
        ({"emails": [f"u{n}@acme.com" for n in range(6)]}, "contacts.emails"),
        ({"emails": "ops@acme.com"}, "contacts.emails"),
        ({"emails": [], "pagerUrl": SLACK}, "contacts.pagerUrl"),
    ]:
        problem = assert_problem(with_contacts(tenant, contacts), 422)
        assert field in {e["field"] for e in problem["errors"]}, (contacts, problem)
    assert ok(tenant.client.get("/v1/consumers"))["items"] == []
    ok(with_contacts(tenant, {"emails": ["ops@acme.com"]}), 201)
    assert_problem(tenant.client.patch("/v1/consumers/acme", json={
        "contacts": {"slackUrl": "http://192.168.1.1/x"}}), 422)
    assert ok(tenant.client.get("/v1/consumers/acme"))["contacts"]["emails"] == \
        ["ops@acme.com"]


def test_production_environments_take_https_contacts_only(stack: Stack) -> None:
    production = stack.tenant(kind="production")
    problem = assert_problem(with_contacts(production, {"slackUrl": SLACK}), 422)
    assert problem["errors"][0]["field"] == "contacts.slackUrl"


def test_notice_settings_and_preview(tenant: Tenant) -> None:
    ok(with_contacts(tenant, {"emails": ["ops@acme.com"]}), 201)
    settings = ok(tenant.client.get("/v1/portal-settings"))
    assert (settings["noticesEnabled"], settings["failingNoticeHours"],
            settings["supportUrl"]) == (True, None, None)
    settings = ok(tenant.client.patch("/v1/portal-settings", json={
        "name": "Payly", "supportUrl": "https://payly.test/help", "failingNoticeHours": 6,
        "noticesEnabled": False}))
    assert (settings["noticesEnabled"], settings["failingNoticeHours"]) == (False, 6)
    for body, field in [({"supportUrl": "http://payly.test"}, "supportUrl"),
                        ({"failingNoticeHours": 0}, "failingNoticeHours"),
                        ({"noticesEnabled": None}, "noticesEnabled")]:
        problem = assert_problem(tenant.client.patch("/v1/portal-settings", json=body), 422)
        assert field in {e["field"] for e in problem["errors"]}
    said = ok(tenant.client.post("/v1/consumers/acme/notices/preview",
                                 json={"type": "endpoint.disabled"}))
    assert said["subject"].startswith("Payly: your endpoint")
    assert "https://payly.test/help" in said["email"]["text"]
    assert said["email"]["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert said["slack"]["blocks"][0]["type"] == "header"
    assert said["teams"]["attachments"][0]["content"]["type"] == "AdaptiveCard"
    assert_problem(tenant.client.post("/v1/consumers/acme/notices/preview",
                                      json={"type": "endpoint.exploded"}), 422)


def test_no_other_environment_reaches_a_consumers_notices(stack: Stack, tenant: Tenant
                                                          ) -> None:
    made = ok(with_contacts(tenant, {"emails": ["ops@acme.com"]}), 201)
    assert ok(tenant.client.get("/v1/consumers/acme/notices")) == \
        {"items": [], "nextCursor": None}
    other = stack.tenant()
    for path in (f"/v1/consumers/{made['id']}/notices", "/v1/consumers/acme/notices"):
        assert_problem(other.client.get(path), 404)
    assert_problem(other.client.post(f"/v1/consumers/{made['id']}/notices/preview"), 404)
    # Nor may the operational endpoints' routes reach the channels beside them.
    ok(other.client.post("/v1/operational-endpoints", json={"url": SLACK}), 201)
    ok(tenant.client.post("/v1/operational-endpoints", json={"url": SLACK}), 201)
    [hidden_id] = [e for e in _channel_ids(stack, made["id"])]
    for client in (tenant.client, other.client):
        assert_problem(client.get(f"/v1/operational-endpoints/{hidden_id}"), 404)
        assert_problem(client.delete(f"/v1/operational-endpoints/{hidden_id}"), 404)
        assert_problem(client.patch(f"/v1/operational-endpoints/{hidden_id}",
                                    json={"url": SLACK}), 404)
    assert len(ok(tenant.client.get("/v1/operational-endpoints"))) == 1


def _channel_ids(stack: Stack, consumer_id: str) -> list[str]:
    with Session(stack.engine) as session:
        holder = session.exec(select(Consumer).where(
            Consumer.external_id == holder_of(consumer_id))).one()
        return [e.id for e in session.exec(select(Endpoint).where(
            Endpoint.consumer_id == holder.id))]


def test_a_consumer_and_an_address_are_sent_at_most_a_days_share(stack: Stack,
                                                                 tenant: Tenant) -> None:
    """However many of its endpoints fail, and however many Consumers list an address, a
    hostile tenant cannot make the instance's mail server write to a stranger more than
    PER_ADDRESS_DAY times a day, nor one Consumer's channels take more than PER_DAY."""
    ok(with_contacts(tenant, {"emails": ["victim@acme.com"], "slackUrl": SLACK}), 201)
    ok(with_contacts(tenant, {"emails": ["victim@acme.com"]}, "acme-2"), 201)
    endpoints = [ok(tenant.client.post("/v1/endpoints", json={
        "consumer": who, "url": "http://127.0.0.1:9/hook"}), 201) for who in ("acme", "acme-2")]
    per_address, per_day = failure_notices.PER_ADDRESS_DAY, failure_notices.PER_DAY
    with Session(stack.engine) as session:
        first, second = (session.get(Endpoint, e["id"]) for e in endpoints)
        assert first is not None and second is not None
        sent = [len(failure_notices.tell(session, first, "endpoint.disabled", {}))
                for _ in range(per_day)]
        elsewhere = len(failure_notices.tell(session, second, "endpoint.disabled", {}))
        session.commit()
    # E-mail and Slack, then Slack alone once the address had its day, up to the day's
    # share; another Consumer listing the address sends it nothing more.
    slack_only = per_day - 2 * per_address
    assert sent == [2] * per_address + [1] * slack_only + [0] * (per_day - per_address
                                                               - slack_only)
    assert elsewhere == 0
    listed = ok(tenant.client.get("/v1/consumers/acme/notices", params={"limit": 100}))
    assert len(listed["items"]) == per_day


def test_an_address_that_unsubscribed_cannot_be_put_back(stack: Stack, tenant: Tenant) -> None:
    made = ok(with_contacts(tenant, {"emails": ["gone@acme.com", "kept@acme.com"]}), 201)
    [channel] = [e for e in _channel_ids(stack, made["id"])
                 if _url_of(stack, e) == "mailto:gone@acme.com"]
    with Session(stack.engine) as session:
        token = failure_notices.unsubscribe_url(session, channel).split("token=")[1]
        failure_notices.unsubscribe(session, channel, token)
        session.commit()
    assert ok(tenant.client.get("/v1/consumers/acme"))["contacts"]["emails"] == \
        ["kept@acme.com"]
    for who, body in (("acme", {"contacts": {"emails": ["gone@acme.com"]}}),):
        problem = assert_problem(tenant.client.patch(f"/v1/consumers/{who}", json=body), 422)
        assert "unsubscribed" in problem["detail"]
    problem = assert_problem(with_contacts(tenant, {"emails": ["Gone@acme.com"]}, "b"), 422)
    assert problem["errors"][0]["field"] == "contacts.emails"
    assert ok(tenant.client.get("/v1/consumers"))["items"][0]["externalId"] == "acme"
    # Another environment's Consumers may still list it.
    ok(with_contacts(stack.tenant(), {"emails": ["gone@acme.com"]}), 201)


def _url_of(stack: Stack, endpoint_id: str) -> str:
    with Session(stack.engine) as session:
        found = session.get(Endpoint, endpoint_id)
        assert found is not None
        return found.url


def test_saving_contacts_again_enables_a_channel_its_failures_disabled(
        stack: Stack, tenant: Tenant) -> None:
    """A mail server's outage, or a Slack URL since fixed, disabled a channel: saving the
    contacts again (the same ones) brings it back."""
    made = ok(with_contacts(tenant, {"emails": ["ops@acme.com"], "slackUrl": SLACK}), 201)
    ids = _channel_ids(stack, made["id"])
    with Session(stack.engine) as session:
        for endpoint_id in ids:
            row = session.get(Endpoint, endpoint_id)
            assert row is not None
            row.status = "DisabledAutomatically"
            session.add(row)
        session.commit()
    ok(tenant.client.patch("/v1/consumers/acme", json={"contacts": made["contacts"]}))
    assert sorted(_channel_ids(stack, made["id"])) == sorted(ids)  # the same, not new ones
    with Session(stack.engine) as session:
        assert {session.get(Endpoint, i).status for i in ids} == {"Enabled"}  # type: ignore[union-attr]
