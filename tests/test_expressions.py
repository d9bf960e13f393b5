"""Tenants' JMESPath expressions (`hookline.tenant_code.expressions`), issue 64: a cost bound
at save that refuses what multiplies the body past MAX_GROWTH, and a budget at evaluation that
stops what would make more than BUDGET elements, fast, whatever the body."""

from __future__ import annotations

import time

import pytest

from hookline.delivery.kinds.brokers.keys import expression_of, key_of
from hookline.tenant_code.expressions import (
    BUDGET,
    MAX_GROWTH,
    OverBudget,
    compiled,
    growth,
    search,
)


@pytest.mark.parametrize(("expression", "expected"), [
    ("data.customer.id", 1),
    ("data.items[*].id", 1),
    ("[data.a, data.b]", 2),
    ("{a: data.a, b: data.b, c: data.c}", 3),
    ("data|[@,@][]", 2),
    ("data" + "|[@,@][]" * 6, 64),
    ("[@,@][*].[@,@,@][]", 6),
    ("map(&[@,@], data.items)", 2),
])
def test_growth_is_read_off_the_syntax(expression: str, expected: int) -> None:
    assert growth(compiled(expression)) == expected


def test_an_expression_past_its_cost_bound_is_refused_at_save() -> None:
    compiled("data" + "|[@,@][]" * 6)  # 64: the bound itself
    with pytest.raises(ValueError, match=f"128 times, more than {MAX_GROWTH}"):
        compiled("data" + "|[@,@][]" * 7)
    issue = "data.customer" + "|[@,@][]" * 22  # 167 characters, 2^22 copies
    with pytest.raises(ValueError, match="more than"):
        compiled(issue)


def test_an_accepted_expression_stops_at_its_budget_whatever_the_body() -> None:
    body = {"data": list(range(BUDGET))}  # a large body: 2 copies of it pass the budget
    started = time.process_time()
    with pytest.raises(OverBudget):
        search("data|[@,@][]", body)
    assert time.process_time() - started < 1.0
    assert search("data|[@,@][]", {"data": [1, 2]}) == [1, 2, 1, 2]
    assert search("data.customer.id", {"data": {"customer": {"id": "cus_1"}}}) == "cus_1"


def test_a_key_over_its_budget_falls_back_to_the_default_key() -> None:
    body = b'{"data": [' + b",".join(b"1" for _ in range(BUDGET)) + b"]}"
    assert key_of("data|[@,@][]|[0]", body, "acme") == "acme"
    assert key_of("data[0]", body, "acme") == "1"


def test_only_a_kafka_url_with_a_key_has_an_expression() -> None:
    """Those targets' first attempts are prepared off the event loop (`attempts.ready`)."""
    assert expression_of("kafka://b:9092/orders?key=data.customer") == "data.customer"
    assert expression_of("kafka://b:9092/orders") is None
    assert expression_of("https://example.com/hooks?key=data.customer") is None
