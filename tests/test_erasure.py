"""Issue 23, erasure: a payload erased on request (GDPR) is gone from reads and from the
database, its metadata, Deliveries and attempts stay, and nothing can send it again."""

from __future__ import annotations

import time

import httpx
from sqlalchemy import text

from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_destinations import add_destination
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source


def _stored(stack: Stack, sql: str, item_id: str) -> tuple:
    with stack.engine.connect() as db:
        return tuple(db.execute(text(sql), {"id": item_id}).one())


def test_an_erased_event_keeps_its_metadata_and_cannot_be_sent_again(
        stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/status/503"))
    event = publish(tenant, {"email": "ana@example.com"})
    delivery = deliveries_of(tenant, event["id"])[0]
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    tries = ok(tenant.client.get(f"/v1/deliveries/{delivery['id']}/attempts"))["items"]
    assert tenant.client.delete(f"/v1/events/{event['id']}/payload").status_code == 204
    read = ok(tenant.client.get(f"/v1/events/{event['id']}"))
    assert read["data"] is None and read["payloadErased"] is True
    assert (read["type"], read["consumer"], read["deliveries"]) == ("invoice.paid", "acme", 1)
    listed = ok(tenant.client.get("/v1/events"))["items"]
    assert next(e for e in listed if e["id"] == event["id"])["payloadErased"] is True
    assert ok(tenant.client.get(f"/v1/deliveries/{delivery['id']}"))["status"] == "exhausted"
    assert ok(tenant.client.get(f"/v1/deliveries/{delivery['id']}/attempts"))["items"] == tries
    assert _stored(stack, "SELECT payload, payload_erased FROM events WHERE id = :id",
                   event["id"]) == ("", True)
    for refused in (tenant.client.post(f"/v1/deliveries/{delivery['id']}/retry"),
                    tenant.client.post(f"/v1/events/{event['id']}/replay")):
        body = assert_problem(refused, 409)
        assert body["type"].endswith("/payload-erased") and "erased" in body["detail"]
    # Erasing again is harmless; another environment's event is not found.
    assert tenant.client.delete(f"/v1/events/{event['id']}/payload").status_code == 204
    other = stack.tenant()
    try:
        assert_problem(other.client.delete(f"/v1/events/{event['id']}/payload"), 404)
    finally:
        other.client.close()


def test_a_payload_a_delivery_may_still_send_is_not_erased(tenant: Tenant,
                                                           receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/slow/30"))  # times out (2 s) and retries
    event = publish(tenant, {"n": 1})
    body = assert_problem(tenant.client.delete(f"/v1/events/{event['id']}/payload"), 409)
    assert body["type"].endswith("/payload-in-flight")
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["data"] == {"n": 1}


def test_erasing_with_cancel_cancels_what_may_still_send_then_erases(
        tenant: Tenant, receiver: Receiver) -> None:
    """`?cancel=true`: the Deliveries that may still send the payload are cancelled and the
    payload erased, in one request; nothing is sent after it. Only `true`/`false` are taken,
    and a refused request changes nothing."""
    setup_endpoint(tenant, receiver.url("/slow/30/erase"))  # times out (2 s) and retries
    setup_endpoint(tenant, receiver.url("/slow/30/erase-too"), consumer="acme")
    event = publish(tenant, {"n": 2})
    ids = [d["id"] for d in deliveries_of(tenant, event["id"])]
    for bad in ("yes", "1", "TRUE", ""):
        body = assert_problem(tenant.client.delete(f"/v1/events/{event['id']}/payload",
                                                   params={"cancel": bad}), 422)
        assert "cancel" in body["detail"]
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["data"] == {"n": 2}
    refused = tenant.client.delete(f"/v1/events/{event['id']}/payload",
                                   params={"cancel": "false"})
    assert assert_problem(refused, 409)["type"].endswith("/payload-in-flight")
    erased = tenant.client.delete(f"/v1/events/{event['id']}/payload", params={"cancel": "true"})
    assert erased.status_code == 204
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["payloadErased"] is True
    # The erase answered once no attempt of theirs was under way (one that had read the
    # payload, sending to a receiver that never answers, ran out its 2 s first): whatever
    # arrived, arrived before the answer, and nothing after it.
    sent = len(receiver.received)
    for delivery_id in ids:
        assert ok(tenant.client.get(f"/v1/deliveries/{delivery_id}"))["status"] == "cancelled"
    time.sleep(4)  # past the schedule's next attempts: none goes
    assert len(receiver.received) == sent


def test_an_attempt_waiting_for_its_throttle_sends_nothing_erased_meanwhile(
        tenant: Tenant, receiver: Receiver) -> None:
    """An attempt admitted under a `rateLimit` waits for its turn (up to 1.5 s ahead) after it
    read what to send; an erase with `cancel` in that wait cancels it, and it sends nothing
    once its turn comes: it looks again after any wait."""
    endpoint = setup_endpoint(tenant, receiver.url("/ok/throttled"))
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"rateLimit": 1}))
    first, second, third = (publish(tenant, {"n": n})["id"] for n in range(3))
    receiver.wait(1, "/ok/throttled")
    [delivery] = deliveries_of(tenant, second)
    # Admitted after the first, it waits about a second for its turn, `processing`.
    wait_delivery(tenant, delivery["id"], {"processing"}, timeout=10)
    erased = tenant.client.delete(f"/v1/events/{second}/payload", params={"cancel": "true"})
    assert erased.status_code == 204
    assert wait_delivery(tenant, delivery["id"], timeout=10)["status"] == "cancelled"
    assert wait_delivery(tenant, deliveries_of(tenant, third)[0]["id"],
                         timeout=15)["status"] == "delivered"
    sent = [r.headers["webhook-id"] for r in receiver.at("/ok/throttled")]
    assert sent == [first, third]  # one a second, and never the erased one


def test_erasing_a_message_with_cancel(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant, "erase-cancel")
    add_destination(tenant, source, receiver.url("/slow/30/fwd-erase"))
    answer = httpx.post(source["url"], content=b'{"email": "ana@x.io"}',
                        headers={"Content-Type": "application/json"})
    message_id = answer.json()["id"]
    path = f"/v1/ingest/messages/{message_id}/payload"
    assert assert_problem(tenant.client.delete(path), 409)["type"].endswith(
        "/payload-in-flight")
    assert_problem(tenant.client.delete(path, params={"cancel": "maybe"}), 422)
    assert tenant.client.delete(path, params={"cancel": "true"}).status_code == 204
    [delivery] = ok(tenant.client.get(f"/v1/ingest/messages/{message_id}/deliveries"))["items"]
    assert wait_delivery(tenant, delivery["id"], timeout=10)["status"] == "cancelled"
    assert ok(tenant.client.get(f"/v1/ingest/messages/{message_id}"))["body"] is None


def test_an_erased_message_keeps_its_metadata(stack: Stack, tenant: Tenant,
                                              receiver: Receiver) -> None:
    source = make_source(tenant)
    add_destination(tenant, source, receiver.url("/ok/fwd"))
    answer = httpx.post(source["url"] + "?customer=ana", content=b'{"email": "ana@x.io"}',
                        headers={"Content-Type": "application/json", "X-Customer": "ana"})
    message_id = answer.json()["id"]
    receiver.wait(1, "/ok/fwd")
    forwarded = ok(tenant.client.get(f"/v1/ingest/messages/{message_id}/deliveries"))
    wait_delivery(tenant, forwarded["items"][0]["id"])
    assert tenant.client.delete(f"/v1/ingest/messages/{message_id}/payload").status_code == 204
    read = ok(tenant.client.get(f"/v1/ingest/messages/{message_id}"))
    assert (read["body"], read["headers"], read["query"]) == (None, {}, "")
    assert read["payloadErased"] is True and read["bodyBytes"] == 21
    assert read["deliveries"]["delivered"] == 1
    assert _stored(stack, "SELECT body, payload_erased FROM messages WHERE id = :id",
                   message_id) == (None, True)
    body = assert_problem(tenant.client.post(f"/v1/ingest/messages/{message_id}/replay"), 409)
    assert body["type"].endswith("/payload-erased")


def test_deleting_a_consumer_can_erase_its_events(tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok/a"), consumer="leaving")
    setup_endpoint(tenant, receiver.url("/ok/b"), consumer="staying")
    gone = publish(tenant, {"who": "leaving"}, consumer="leaving")
    kept = publish(tenant, {"who": "staying"}, consumer="staying")
    for event in (gone, kept):
        wait_delivery(tenant, deliveries_of(tenant, event["id"])[0]["id"])
    assert tenant.client.delete("/v1/consumers/leaving",
                                params={"erasePayloads": "true"}).status_code == 204
    assert ok(tenant.client.get(f"/v1/events/{gone['id']}"))["data"] is None
    assert ok(tenant.client.get(f"/v1/events/{kept['id']}"))["data"] == {"who": "staying"}
    assert tenant.client.delete("/v1/consumers/staying").status_code == 204
    assert ok(tenant.client.get(f"/v1/events/{kept['id']}"))["data"] == {"who": "staying"}
