"""Svix's message attempts under /api/v1 (issue 51), driven by Svix's own Python SDK (svix
2.9.1, unchanged) and over plain HTTP for the errors: the attempts to an endpoint and of a
message, where a message stands at each endpoint and an endpoint's messages, one attempt,
its content expunged, and resend as a new Delivery. The API in-process on each database
(api tier), which runs no worker: messages are published through /v1 and their attempts
recorded here as the engine records them (`_attempted`); what a resend delivers is
`test_svix_attempts_delivery.py`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlmodel import Session, select
from svix.api import (
    ApplicationIn,
    EndpointIn,
    EventTypeIn,
    MessageAttemptListAttemptedDestinationsOptions,
    MessageAttemptListAttemptedMessagesOptions,
    MessageAttemptListByEndpointOptions,
    MessageAttemptListByMsgOptions,
    MessageStatus,
    StatusCodeClass,
    Svix,
)
from svix.exceptions import HttpError

from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Delivery
from hookline.timeutil import aware, utcnow
from tests.support import svix_sdk
from tests.support.api import deliveries_of, ok, publish
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.support.svix_sdk import status_of

stack = in_process_stack()
seen, ledger, svix, http = svix_sdk.fixtures()
URL = "http://127.0.0.1:9/hooks"  # never sent to here: these tests deliver nothing
EVERYTHING = MessageAttemptListByEndpointOptions(with_content=True)


def _apps(svix: Svix, *uids: str) -> None:
    for uid in uids:
        svix.application.create(ApplicationIn(name=uid.title(), uid=uid))
    for name in ("user.signup", "invoice.paid"):
        svix.event_type.create(EventTypeIn(name=name, description=name))


def _attempted(stack: Stack, event_id: str, endpoint_id: str, codes: Sequence[int | None],
               final: str, retry_at: datetime | None = None) -> list[str]:
    """The attempts of the Event's Delivery to the endpoint, as the engine records them: a
    status code each (None: no response, a timeout), then the Delivery's status."""
    ids = []
    with Session(stack.engine) as session:
        delivery = session.exec(select(Delivery).where(
            Delivery.event_id == event_id, Delivery.endpoint_id == endpoint_id)).one()
        for n, code in enumerate(codes, 1):
            ids.append(new_id("att"))
            queries.attempts.insert(session, {
                "id": ids[-1], "delivery_id": delivery.id, "target_id": endpoint_id,
                "attempt": n, "status": "succeeded" if code and code < 300 else "failed",
                "status_code": code, "response_body": f"answer {n}" if code else None,
                "error_type": None if code else "timeout",
                "error_message": None if code else "timed out", "duration_ms": 10 * n,
                "created_at": utcnow()})
        delivery.status, delivery.attempts, delivery.next_attempt_at = \
            final, len(codes), retry_at
        session.add(delivery)
        session.commit()
    return ids


def test_attempts_of_an_endpoint_and_of_a_message(svix: Svix, tenant: Tenant,
                                                   stack: Stack) -> None:
    """Attempts newest first, by endpoint and by message (its id or eventId, to one
    endpoint by id or uid), without their response unless `with_content`; one read alone;
    where the message stands at each endpoint and the endpoint's messages; an attempt's
    content expunged; a resend is a new Delivery, which the lists then show pending."""
    _apps(svix, "acme")
    main = svix.endpoint.create("acme", EndpointIn(url=URL + "/main", uid="main"))
    spare = svix.endpoint.create("acme", EndpointIn(url=URL + "/spare"))
    signup = publish(tenant, {"email": "ada@example.com"}, event_type="user.signup")["id"]
    invoice = publish(tenant, {"total": 7}, event_type="invoice.paid",
                      headers={"Idempotency-Key": "inv-1"})["id"]
    retry_at = utcnow() + timedelta(minutes=5)
    failed, succeeded = _attempted(stack, signup, main.id, [503, 200], "delivered")
    [timed_out] = _attempted(stack, signup, spare.id, [None], "retrying", retry_at)
    [refused] = _attempted(stack, invoice, main.id, [500], "exhausted")

    listed = svix.message_attempt.list_by_endpoint("acme", "main")
    assert [a.id for a in listed.data] == [refused, succeeded, failed] and listed.done
    first = listed.data[1]
    assert (first.msg_id, first.endpoint_id, first.url, first.response,
            first.response_status_code, first.response_duration_ms, first.status,
            first.status_text, first.trigger_type) == \
        (signup, main.id, URL + "/main", "{}", 200, 20, MessageStatus.SUCCESS, "success", 0)
    full = svix.message_attempt.list_by_endpoint("acme", main.id, EVERYTHING).data
    assert [(a.response, a.status_text) for a in full] == \
        [("answer 1", "fail"), ("answer 2", "success"), ("answer 1", "fail")]

    by_msg = svix.message_attempt.list_by_msg("acme", signup, MessageAttemptListByMsgOptions(
        with_content=True))
    assert [(a.id, a.url, a.response_status_code, a.response) for a in by_msg.data] == [
        (timed_out, URL + "/spare", 0, "timed out"), (succeeded, URL + "/main", 200, "answer 2"),
        (failed, URL + "/main", 503, "answer 1")]
    to_main = svix.message_attempt.list_by_msg("acme", signup, MessageAttemptListByMsgOptions(
        endpoint_id="main"))
    assert [a.id for a in to_main.data] == [succeeded, failed]
    assert [a.id for a in svix.message_attempt.list_by_msg("acme", "inv-1").data] == [refused]
    one = svix.message_attempt.get("acme", signup, timed_out)
    assert (one.id, one.msg_id, one.endpoint_id, one.response, one.status) == \
        (timed_out, signup, spare.id, "timed out", MessageStatus.FAIL)

    messages = svix.message_attempt.list_attempted_messages("acme", "main")
    assert [(m.id, m.status, m.status_text, m.payload, m.next_attempt)
            for m in messages.data] == [(invoice, MessageStatus.FAIL, "fail", {}, None),
                                        (signup, MessageStatus.SUCCESS, "success", {}, None)]
    assert messages.data[0].event_id == "inv-1" and messages.data[0].event_type == \
        "invoice.paid"
    waiting = svix.message_attempt.list_attempted_messages(
        "acme", spare.id, MessageAttemptListAttemptedMessagesOptions(with_content=True)).data
    assert [(m.id, m.status, m.payload) for m in waiting] == [  # never attempted: pending
        (invoice, MessageStatus.PENDING, {"total": 7}),
        (signup, MessageStatus.SENDING, {"email": "ada@example.com"})]
    assert waiting[1].next_attempt is not None and \
        abs(aware(waiting[1].next_attempt) - retry_at) < timedelta(seconds=1)
    places = svix.message_attempt.list_attempted_destinations("acme", signup)
    assert [(d.id, d.uid, d.url, d.status, d.status_text) for d in places.data] == [
        (main.id, "main", URL + "/main", MessageStatus.SUCCESS, "success"),
        (spare.id, None, URL + "/spare", MessageStatus.SENDING, "sending")]
    assert places.data[0].next_attempt is None and places.data[1].next_attempt is not None

    svix.message_attempt.expunge_content("acme", signup, failed)
    assert svix.message_attempt.get("acme", signup, failed).response == "EXPUNGED"
    assert svix.message_attempt.get("acme", signup, succeeded).response == "answer 2"

    svix.message_attempt.resend("acme", signup, "main")
    made = [d for d in deliveries_of(tenant, signup) if d["endpointId"] == main.id]
    assert sorted(d["status"] for d in made) == ["delivered", "pending"]
    assert ok(tenant.client.get(f"/v1/events/{signup}"))["deliveries"] == 3
    again = svix.message_attempt.list_attempted_messages("acme", "main").data
    assert [(m.id, m.status) for m in again] == [(invoice, MessageStatus.FAIL),
                                                 (signup, MessageStatus.PENDING)]


def test_attempts_page_with_iterators_and_filters(svix: Svix, tenant: Tenant,
                                                  stack: Stack) -> None:
    """limit=2 over five attempts, newest first, forwards with `iterator` and back with
    `prevIterator`; by status, response class, event type and time (`after` alone reads
    the page nearest it); an endpoint's messages and a message's endpoints page too."""
    _apps(svix, "acme")
    main = svix.endpoint.create("acme", EndpointIn(url=URL))
    other = svix.endpoint.create("acme", EndpointIn(url=URL + "/other"))
    plan = [("user.signup", 200, "delivered"), ("invoice.paid", 503, "exhausted"),
            ("user.signup", None, "exhausted"), ("invoice.paid", 200, "delivered"),
            ("user.signup", 404, "exhausted")]
    events, ids = [], []
    for event_type, code, final in plan:
        events.append(publish(tenant, event_type=event_type)["id"])
        ids += _attempted(stack, events[-1], main.id, [code], final)
    newest = ids[::-1]

    def page(**options: Any) -> Any:
        return svix.message_attempt.list_by_endpoint(
            "acme", main.id, MessageAttemptListByEndpointOptions(**options))

    first = page(limit=2)
    assert [a.id for a in first.data] == newest[:2] and not first.done
    second = page(limit=2, iterator=first.iterator)
    assert [a.id for a in second.data] == newest[2:4] and not second.done
    last = page(limit=2, iterator=second.iterator)
    assert [a.id for a in last.data] == newest[4:] and last.done
    back = page(limit=2, iterator=second.prev_iterator)
    assert [a.id for a in back.data] == newest[:2]

    assert [a.id for a in page(status=MessageStatus.FAIL).data] == [ids[4], ids[2], ids[1]]
    assert page(status=MessageStatus.SENDING).data == []
    assert [a.id for a in page(status_code_class=StatusCodeClass.CODE5XX).data] == [ids[1]]
    assert [a.id for a in page(status_code_class=StatusCodeClass.CODE_NONE).data] == [ids[2]]
    assert [a.id for a in page(event_types=["invoice.paid"]).data] == [ids[3], ids[1]]
    assert [a.id for a in page(event_types=["invoice.paid", "user.signup"]).data] == newest
    # Shown to the millisecond, kept to the microsecond: a shown time is at most a
    # millisecond earlier than the attempt's own.
    times = [a.timestamp for a in page().data][::-1]
    assert [a.id for a in page(before=times[2]).data] == [ids[1], ids[0]]
    nearest = page(after=times[1] + timedelta(milliseconds=1), limit=2)
    assert [a.id for a in nearest.data] == [ids[3], ids[2]] and not nearest.done
    by_msg = svix.message_attempt.list_by_msg("acme", events[1], MessageAttemptListByMsgOptions(
        status=MessageStatus.SUCCESS))
    assert by_msg.data == []

    def messages(**options: Any) -> Any:
        return svix.message_attempt.list_attempted_messages(
            "acme", main.id, MessageAttemptListAttemptedMessagesOptions(**options))

    head = messages(limit=3)
    assert [m.id for m in head.data] == events[:1:-1] and not head.done
    tail = messages(limit=3, iterator=head.iterator)
    assert [m.id for m in tail.data] == events[1::-1] and tail.done
    assert [m.id for m in messages(status=MessageStatus.SUCCESS).data] == \
        [events[3], events[0]]
    assert [m.id for m in messages(event_types=["user.signup"],
                                   status=MessageStatus.FAIL).data] == [events[4], events[2]]

    places = [svix.message_attempt.list_attempted_destinations(
        "acme", events[0], MessageAttemptListAttemptedDestinationsOptions(limit=1))]
    assert [d.id for d in places[0].data] == [main.id] and not places[0].done
    places.append(svix.message_attempt.list_attempted_destinations(
        "acme", events[0], MessageAttemptListAttemptedDestinationsOptions(
            limit=1, iterator=places[0].iterator)))
    assert [d.id for d in places[1].data] == [other.id] and places[1].done


def _refused(http: httpx.Client, method: str, path: str, params: dict[str, Any],
             status: int, shape: Any) -> None:
    answer = http.request(method, path, params=params)
    assert answer.status_code == status, (method, path, params, answer.text)
    found = answer.json()
    if isinstance(shape, dict):
        assert found.items() >= shape.items() and isinstance(found["detail"], str), found
    else:
        assert [item["loc"] for item in found["detail"]][:1] == [shape], (params, found)


def test_another_applications_and_bad_queries_are_svix_errors(
        svix: Svix, http: httpx.Client, tenant: Tenant, stack: Stack) -> None:
    """Another application's message, endpoint and attempt are 404 through this one, as an
    attempt of another message; a bad iterator, limit 251 and a bad event type are 422; a
    status that does not read is 400; a message whose payload was erased cannot be resent
    (400 `missing_payload`); none of them writes."""
    _apps(svix, "acme", "beta")
    ours = svix.endpoint.create("acme", EndpointIn(url=URL))
    theirs = svix.endpoint.create("beta", EndpointIn(url=URL))
    mine = publish(tenant, event_type="user.signup")["id"]
    [attempt] = _attempted(stack, mine, ours.id, [200], "delivered")
    foreign = publish(tenant, event_type="user.signup", consumer="beta")["id"]
    [elsewhere] = _attempted(stack, foreign, theirs.id, [200], "delivered")
    sibling = publish(tenant, event_type="user.signup")["id"]
    app = "/api/v1/app/acme"
    not_found = {"code": "not_found"}
    refused: list[tuple[str, str, dict[str, Any], int, Any]] = [
        ("GET", f"{app}/attempt/endpoint/{theirs.id}", {}, 404, not_found),
        ("GET", f"{app}/attempt/msg/{foreign}", {}, 404, not_found),
        ("GET", f"{app}/attempt/msg/{mine}", {"endpoint_id": theirs.id}, 404, not_found),
        ("GET", f"{app}/attempt/msg/{mine}", {"endpoint_id": "nobody"}, 404, not_found),
        ("GET", f"{app}/endpoint/{theirs.id}/msg", {}, 404, not_found),
        ("GET", f"{app}/msg/{foreign}/endpoint", {}, 404, not_found),
        ("GET", f"{app}/msg/{foreign}/attempt/{elsewhere}", {}, 404, not_found),
        ("GET", f"{app}/msg/{mine}/attempt/{elsewhere}", {}, 404, not_found),
        ("GET", f"{app}/msg/{sibling}/attempt/{attempt}", {}, 404, not_found),
        ("DELETE", f"{app}/msg/{mine}/attempt/{elsewhere}/content", {}, 404, not_found),
        ("POST", f"{app}/msg/{foreign}/endpoint/{ours.id}/resend", {}, 404, not_found),
        ("POST", f"{app}/msg/{mine}/endpoint/{theirs.id}/resend", {}, 404, not_found),
        ("GET", "/api/v1/app/nobody/attempt/msg/" + mine, {}, 404, not_found),
        ("GET", f"{app}/attempt/endpoint/{ours.id}", {"iterator": mine}, 422,
         ["query", "iterator"]),
        ("GET", f"{app}/attempt/msg/{mine}", {"iterator": "att_nope"}, 422,
         ["query", "iterator"]),
        ("GET", f"{app}/endpoint/{ours.id}/msg", {"iterator": attempt}, 422,
         ["query", "iterator"]),
        ("GET", f"{app}/msg/{mine}/endpoint", {"iterator": mine}, 422, ["query", "iterator"]),
        ("GET", f"{app}/attempt/endpoint/{ours.id}", {"limit": 251}, 422, ["query", "limit"]),
        ("GET", f"{app}/msg/{mine}/endpoint", {"limit": 251}, 422, ["query", "limit"]),
        ("GET", f"{app}/attempt/msg/{mine}", {"event_types": "a,has space"}, 422,
         ["query", "event_types"]),
        ("GET", f"{app}/attempt/msg/{mine}", {"status": 9}, 400, {"code": "generic_error"}),
        ("GET", f"{app}/endpoint/{ours.id}/msg", {"status_code_class": 250}, 400,
         {"code": "generic_error"}),
    ]
    for method, path, params, status, shape in refused:
        _refused(http, method, path, params, status, shape)
    assert ok(tenant.client.get(f"/v1/deliveries/{deliveries_of(tenant, mine)[0]['id']}"
                                "/attempts"))["items"][0]["responseBody"] == "answer 1"
    assert len(deliveries_of(tenant, mine)) == len(deliveries_of(tenant, foreign)) == 1

    ok(tenant.client.delete(f"/v1/events/{sibling}/payload", params={"cancel": "true"}), 204)
    with pytest.raises(HttpError) as erased:
        svix.message_attempt.resend("acme", sibling, ours.id)
    assert status_of(erased) == (400, "missing_payload")
    assert len(deliveries_of(tenant, sibling)) == 1
