"""Issue 69, broker sources' pure rules: which Event a message asks for (`intake.resolve`:
headers first, then the Source's JMESPath mapping, then the defaults), and what each
publish outcome comes to (`intake.verdict`: acknowledged, dead-lettered, dropped, or held
with a pause)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hookline.errors import (
    NotFound,
    PayloadTooLarge,
    PlanLimitReached,
    RateLimited,
    Unavailable,
    ValidationFailed,
)
from hookline.intake.resolve import (
    DEAD_LETTER_HEADER,
    MAX_BODY,
    Inbound,
    Unpublishable,
    own_key,
    resolve,
)
from hookline.intake.verdict import QUOTA_PAUSE, RETRY_PAUSE, Act, of_refusal

ORDER = {"kind": "order.paid", "customer": {"id": 42}, "order": {"id": "o-1", "total": 9}}


def message(body: Any = ORDER, **headers: str) -> Inbound:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return Inbound(raw, {k.replace("_", "-"): v for k, v in headers.items()}, "orders/0/17")


def test_headers_come_first_then_the_mapping() -> None:
    mapping = {"consumer": "customer.id", "eventType": "kind", "idempotencyKey": "order.id"}
    event = resolve("src_1", message(), mapping)
    assert (event.consumer, event.type, event.idempotency_key) == ("42", "order.paid", "o-1")
    assert event.data == ORDER
    named = resolve("src_1", message(hookline_consumer="acme", hookline_event_type="a.b",
                                     hookline_idempotency_key="k-9"), mapping)
    assert (named.consumer, named.type, named.idempotency_key) == ("acme", "a.b", "k-9")
    # A payload expression takes part of the body.
    part = resolve("src_1", message(), {**mapping, "payload": "order"})
    assert part.data == {"id": "o-1", "total": 9}


def test_a_message_that_names_no_key_is_keyed_by_its_own_id() -> None:
    event = resolve("src_1", message(hookline_consumer="acme", hookline_event_type="a.b"),
                    None)
    assert event.idempotency_key == "src_1:orders/0/17" == own_key("src_1", message())
    # Read again, it has the same key: the second publish is a replay.
    assert resolve("src_1", message(hookline_consumer="acme", hookline_event_type="a.b"),
                   None).idempotency_key == event.idempotency_key
    # Another Source's message of the same id is another Event.
    assert own_key("src_2", message()) != event.idempotency_key
    long = Inbound(b"{}", {}, "t" * 300)
    assert own_key("src_1", long).startswith("sha256:") and len(own_key("src_1", long)) < 255
    assert own_key("src_1", long) == own_key("src_1", long)


@pytest.mark.parametrize(("body", "mapping", "why"), [
    (b"not json", None, "not JSON"),
    (b"\xff\xfe", None, "not JSON"),
    (b"[1, 2]", {"consumer": "[0]", "eventType": "[1]"}, "not a JSON object"),
    (ORDER, None, "names no consumer"),
    (ORDER, {"consumer": "customer.id"}, "names no event type"),
    (ORDER, {"consumer": "customer", "eventType": "kind"}, "names no consumer"),
    (ORDER, {"consumer": "customer.id", "eventType": "kind", "payload": "order.total"},
     "not a JSON object"),
    ({**ORDER, "kind": "k" * 201}, {"consumer": "customer.id", "eventType": "kind"},
     "longer than 200"),
    (b"{" + b" " * MAX_BODY + b"}", None, "larger than 2 MiB"),
    # Read as an API request's body is: what a receiver's parser would refuse, or what
    # would fail later, out of sight, is refused here, with its reason.
    (b'{"a": ' * 2000 + b"1" + b"}" * 2000, None, "nests deeper than 64"),
    (b'{"a": NaN}', None, "NaN is not a JSON value"),
    (b'{"a": 1e400}', None, "out of range"),
    (b'{"a": "\\ud800"}', None, "lone surrogate"),
])
def test_what_cannot_be_an_event_says_why(body: Any, mapping: dict[str, str] | None,
                                          why: str) -> None:
    with pytest.raises(Unpublishable, match=why):
        resolve("src_1", message(body), mapping)


def test_each_outcome_comes_to_its_verdict() -> None:
    plain = message()
    for never in (Unpublishable("the body is not JSON"), ValidationFailed("unknown type"),
                  NotFound("consumer 'x' not found"), PayloadTooLarge("too big")):
        verdict = of_refusal(plain, never)
        assert (verdict.act, verdict.pause) == (Act.DEAD_LETTER, 0.0), never
        assert verdict.reason == str(never)
    quota = of_refusal(plain, PlanLimitReached("the monthly quota is used up",
                                               slug="event-quota-exhausted"))
    assert (quota.act, quota.pause, quota.paused_for) == (Act.DEAD_LETTER, QUOTA_PAUSE,
                                                           "quota")
    rate = of_refusal(plain, RateLimited("over", headers={"Retry-After": "3"}))
    assert (rate.act, rate.pause, rate.paused_for) == (Act.HOLD, 3.0, "rate_limit")
    for transient in (Unavailable("database away"), TimeoutError(), OSError("reset")):
        assert (of_refusal(plain, transient).act, of_refusal(plain, transient).pause) == (
            Act.HOLD, RETRY_PAUSE)
    # A dead letter read back (its target feeds its own Source) is never sent again.
    again = message(**{DEAD_LETTER_HEADER: "the body is not JSON"})
    assert of_refusal(again, Unpublishable("the body is not JSON")).act == Act.DROP
    assert of_refusal(again, RateLimited("over")).act == Act.HOLD
