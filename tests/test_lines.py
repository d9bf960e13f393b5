"""Issue 67: an ordered target's key, as the API takes it and as publish evaluates it. The
key runs in the group commit every tenant's publishes share, so it is bounded tighter than a
Kafka key: a path to one value, not a multiplier (`lines.KEY_GROWTH`, `KEY_BUDGET`)."""

from __future__ import annotations

import pytest

from hookline.delivery import lines
from hookline.errors import ValidationFailed
from hookline.tenant_code import expressions


def test_an_ordering_is_checked_and_stored_with_its_rule() -> None:
    assert lines.check(None) is None
    assert lines.check({}) == {"key": None, "onExhausted": "block"}
    assert lines.check({"key": "data.customer.id", "onExhausted": "skip"}) == {
        "key": "data.customer.id", "onExhausted": "skip"}
    for bad, field in (({"onExhausted": "later"}, "ordering.onExhausted"),
                       ({"key": "data.["}, "ordering.key"), ({"key": " "}, "ordering.key"),
                       ("fifo", "ordering")):
        with pytest.raises(ValidationFailed) as refused:
            lines.check(bad)
        assert (refused.value.errors or [{}])[0]["field"] == field


def test_a_key_that_multiplies_the_body_is_refused_at_save() -> None:
    # Accepted as a Kafka key (growth 8 <= 64), not as an ordering key: its evaluation at
    # publish would make eight copies of the body in the shared group commit.
    doubling = "[@, @][] | [@, @][] | [@, @][] | [0]"
    with pytest.raises(ValidationFailed) as refused:
        lines.check({"key": doubling})
    assert "multiply" in (refused.value.errors or [{}])[0]["message"]


def test_a_key_finds_one_value_or_the_empty_line() -> None:
    ordering = {"key": "data.customer.id", "onExhausted": "block"}
    body = {"type": "t", "data": {"customer": {"id": 42}}}
    assert lines.key_of(ordering, body) == "42"
    assert lines.key_of(ordering, {"data": {}}) == ""
    assert lines.key_of(ordering, {"data": {"customer": {"id": [1, 2]}}}) == ""
    assert lines.key_of({"key": None}, body) == ""
    assert lines.key_of(ordering, {"data": {"customer": {"id": "x" * 500}}}).startswith(
        "sha256:")


def test_a_key_over_its_budget_gives_the_empty_line() -> None:
    """`data[*].a` keeps within the growth bound, but a body of 100,000 items would make as
    many: the evaluation stops at KEY_BUDGET elements."""
    ordering = lines.check({"key": "data[*].a | [0]"})
    assert ordering is not None
    huge = {"data": [{"a": n} for n in range(100_000)]}
    with pytest.raises(expressions.OverBudget):  # what stops it: the key's own budget
        expressions.search(ordering["key"], huge, lines.KEY_BUDGET, lines.KEY_GROWTH)
    assert lines.key_of(ordering, huge) == ""
    assert lines.key_of(ordering, {"data": [{"a": 7}]}) == "7"
