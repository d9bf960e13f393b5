"""Issue 70's target for failure notices: a Consumer's endpoint that fails Delivery after
Delivery (the retry schedule shortened, as everywhere) tells each of its contacts' channels
exactly once that it is failing, once that it was disabled, and once that it recovered;
each in a real SMTP server (aiosmtpd) and a loopback Slack and Teams receiver, each with a
portal link that opens on the endpoint. Notices are Deliveries, listed for the operator."""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from typing import Any

import httpx
import pytest
from temporalio.client import Client

from hookline.contracts import WORKFLOW_NOTICE_DIGEST
from hookline.scheduling.schedules import digest_schedule_id
from tests.support.api import ok, polled, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.schedules import start_run
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack, Tenant

pytestmark = pytest.mark.both_databases

LINK = re.compile(r"http://[^\s\"<>]+/portal/open\?token=[A-Za-z0-9_\-]+&next=/portal/[\w/-]+")


def failing_consumer(tenant: Tenant, receiver: Receiver, mode: str, tag: str,
                     **contacts: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A Consumer with every channel, and its endpoint answering as `mode` says."""
    email = f"ops-{tag}@acme.com"
    ok(tenant.client.patch("/v1/portal-settings", json={
        "name": "Payly", "supportUrl": "https://payly.com/help"}))
    consumer = ok(tenant.client.post("/v1/consumers", json={
        "externalId": "acme", "name": "Acme", "contacts": {
            "emails": [email], "slackUrl": receiver.url(f"/ok/slack-{tag}"),
            "teamsUrl": receiver.url(f"/ok/teams-{tag}"), **contacts}}), 201)
    receiver.modes[mode] = "/status/500"
    return consumer, setup_endpoint(tenant, receiver.url(f"/as/{mode}"))


def endpoint_status(tenant: Tenant, endpoint_id: str, wanted: str, timeout: float = 90
                    ) -> None:
    deadline = time.monotonic() + timeout
    while polled(tenant, f"/v1/endpoints/{endpoint_id}")["status"] != wanted:
        assert time.monotonic() < deadline, f"{endpoint_id} never became {wanted}"
        time.sleep(0.3)


def slack_texts(receiver: Receiver, path: str) -> list[str]:
    return [json.loads(r.body)["text"] for r in receiver.at(path)]


def teams_titles(receiver: Receiver, path: str) -> list[str]:
    return [json.loads(r.body)["attachments"][0]["content"]["body"][0]["text"]
            for r in receiver.at(path)]


def test_an_hour_of_failures_tells_each_channel_once_per_change(
        stack: Stack, tenant: Tenant, receiver: Receiver, smtp_sink: SmtpSink) -> None:
    tag = uuid.uuid4().hex[:10]
    email, slack, teams = f"ops-{tag}@acme.com", f"/ok/slack-{tag}", f"/ok/teams-{tag}"
    _consumer, endpoint = failing_consumer(tenant, receiver, tag, tag)
    # An hour of Deliveries, each exhausted: the endpoint disabled at its 20th.
    for n in range(24):
        publish(tenant, {"n": n})
    endpoint_status(tenant, endpoint["id"], "DisabledAutomatically")
    mails = smtp_sink.wait_for(email, 2, timeout=60)
    receiver.wait(2, slack, timeout=60)
    receiver.wait(2, teams, timeout=60)

    receiver.modes[tag] = "/ok"  # the customer fixes their server, and enables it again
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "enabled"}))
    wait_delivery(tenant, ok(tenant.client.get(
        f"/v1/events/{publish(tenant)['id']}/deliveries"))["items"][0]["id"], {"delivered"})
    mails = smtp_sink.wait_for(email, 3, timeout=60)
    receiver.wait(3, slack, timeout=60)
    receiver.wait(3, teams, timeout=60)
    time.sleep(3)  # nothing else follows
    mails = smtp_sink.to(email)
    assert [" ".join(m.subject.split()) for m in mails] == [
        f"Payly: webhooks to {endpoint['url']} are failing",
        f"Payly: your endpoint {endpoint['url']} was disabled",
        f"Payly: your endpoint {endpoint['url']} has recovered"]
    assert [t.rsplit(": ", 1)[0] for t in slack_texts(receiver, slack)] == [
        f"Payly: webhooks to {endpoint['url']} are failing",
        f"Payly: your endpoint {endpoint['url']} was disabled",
        f"Payly: your endpoint {endpoint['url']} has recovered"]
    assert len(teams_titles(receiver, teams)) == 3

    # Each carries a week's portal link that opens on the endpoint's page.
    bodies = [m.text for m in mails]
    bodies += [r.body.decode() for r in receiver.at(slack) + receiver.at(teams)]
    links = [LINK.search(body) for body in bodies]
    assert all(links), bodies
    for found in links:
        assert found is not None and found.group(0).endswith(f"/portal/endpoints/{endpoint['id']}")
    # At the public URL; the test's API answers on its own address.
    where = links[0].group(0).split("/portal/", 1)[1]  # type: ignore[union-attr]
    opened = httpx.get(f"{stack.base_url}/portal/{where}", follow_redirects=False)
    assert opened.status_code == 303
    assert opened.headers["location"] == f"/portal/endpoints/{endpoint['id']}"
    failing = bodies[0]
    assert "The endpoint answered 500" in failing and "https://payly.com/help" in failing
    assert mails[0].message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    # The operator sees each notice as the Delivery it is.
    notices = ok(tenant.client.get("/v1/consumers/acme/notices"))["items"]
    assert sorted((n["type"], n["channel"]) for n in notices) == sorted(
        (t, c) for t in ("endpoint.failing", "endpoint.disabled", "endpoint.recovered")
        for c in ("email", "slack", "teams"))
    assert {n["delivery"]["status"] for n in notices} == {"delivered"}
    assert {n["recipient"] for n in notices} == {email, "127.0.0.1"}
    assert {n["endpointId"] for n in notices} == {endpoint["id"]}

    # Failing again the same day: the day's failing notice went already, so nothing is
    # said, and nothing of a recovery either.
    receiver.modes[tag] = "/status/500"
    [again] = ok(tenant.client.get(
        f"/v1/events/{publish(tenant)['id']}/deliveries"))["items"]
    wait_delivery(tenant, again["id"], {"exhausted"})
    receiver.modes[tag] = "/ok"
    [fine] = ok(tenant.client.get(f"/v1/events/{publish(tenant)['id']}/deliveries"))["items"]
    wait_delivery(tenant, fine["id"], {"delivered"})
    time.sleep(3)
    assert len(smtp_sink.to(email)) == 3 and len(receiver.at(slack)) == 3


def test_an_environment_that_turned_notices_off_tells_nobody(
        tenant: Tenant, receiver: Receiver, smtp_sink: SmtpSink) -> None:
    tag = uuid.uuid4().hex[:10]
    _consumer, _endpoint = failing_consumer(tenant, receiver, tag, tag)
    ok(tenant.client.patch("/v1/portal-settings", json={"noticesEnabled": False}))
    [delivery] = ok(tenant.client.get(
        f"/v1/events/{publish(tenant)['id']}/deliveries"))["items"]
    wait_delivery(tenant, delivery["id"], {"exhausted"})
    time.sleep(3)
    assert smtp_sink.to(f"ops-{tag}@acme.com") == [] and receiver.at(f"/ok/slack-{tag}") == []
    assert ok(tenant.client.get("/v1/consumers/acme/notices"))["items"] == []


def test_a_notice_channel_that_fails_is_retried_and_shown(
        tenant: Tenant, receiver: Receiver, smtp_sink: SmtpSink) -> None:
    """A Slack URL that answers 503 twice: its notice's Delivery is retried on the schedule,
    through the same Sender and guard as a webhook, and the operator sees its attempts."""
    tag = uuid.uuid4().hex[:10]
    _consumer, _endpoint = failing_consumer(
        tenant, receiver, tag, tag, slackUrl=receiver.url(f"/flaky/2/slack-{tag}"))
    publish(tenant)
    arrivals = receiver.wait(3, f"/flaky/2/slack-{tag}", timeout=60)
    assert "are failing" in json.loads(arrivals[-1].body)["text"]
    deadline = time.monotonic() + 30
    while True:
        [slack] = [n for n in ok(tenant.client.get("/v1/consumers/acme/notices"))["items"]
                   if n["channel"] == "slack"]
        if slack["delivery"]["status"] == "delivered":
            break
        assert time.monotonic() < deadline, slack
        time.sleep(0.3)
    assert slack["delivery"]["attempts"] == 3


async def _digest_pass(address: str, schedule_id: str) -> dict[str, int]:
    """Trigger the weekly digest's Schedule, as `temporal schedule trigger` does, and wait
    for the pass it starts."""
    client = await Client.connect(address)
    result: dict[str, int] = await client.get_workflow_handle(
        await start_run(client, schedule_id)).result()
    return result


async def _digest_by_hand(stack: Stack) -> None:
    client = await Client.connect(stack.temporal_address)
    await client.execute_workflow(WORKFLOW_NOTICE_DIGEST, id=f"digest-{uuid.uuid4().hex}",
                                  task_queue=stack.settings_env()["HOOKLINE_TASK_QUEUE"])


def test_the_weekly_digest_lists_a_weeks_failures_once(
        stack: Stack, tenant: Tenant, receiver: Receiver, smtp_sink: SmtpSink) -> None:
    tag = uuid.uuid4().hex[:10]
    email = f"ops-{tag}@acme.com"
    _consumer, endpoint = failing_consumer(tenant, receiver, tag, tag)
    for _ in range(2):
        [delivery] = ok(tenant.client.get(
            f"/v1/events/{publish(tenant)['id']}/deliveries"))["items"]
        wait_delivery(tenant, delivery["id"], {"exhausted"})
    smtp_sink.wait_for(email, 1)  # the failing notice
    schedule = digest_schedule_id(stack.settings_env()["HOOKLINE_TASK_QUEUE"])
    assert asyncio.run(_digest_pass(stack.temporal_address, schedule))["sent"] >= 1
    [_failing, digest] = smtp_sink.wait_for(email, 2)
    assert " ".join(digest.subject.split()) == "Payly: webhook failures this week"
    assert f"{endpoint['url']}: 2 failed Deliveries" in digest.text
    assert LINK.search(digest.text) is not None
    receiver.wait(2, f"/ok/slack-{tag}")
    # A second pass the same week (started as an operator would, by hand) sends this
    # Consumer nothing more.
    asyncio.run(_digest_by_hand(stack))
    time.sleep(2)
    assert len(smtp_sink.to(email)) == 2
    digests = [n for n in ok(tenant.client.get("/v1/consumers/acme/notices"))["items"]
               if n["type"] == "digest"]
    assert sorted(n["channel"] for n in digests) == ["email", "slack", "teams"]
    assert {n["endpointId"] for n in digests} == {None}
