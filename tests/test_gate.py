"""The per-target gate's rule (`hookline.delivery.gate.decide`) and the receiver's signals it
acts on, as pure functions: a table of states and what the gate admits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hookline.delivery.gate import (
    RECHECK,
    THROTTLE_SPACING,
    Limits,
    State,
    counts_against,
    decide,
)
from hookline.delivery.sender import retry_after

NOW = datetime(2026, 11, 23, 12, 0, 0, tzinfo=UTC)
LIMITS = Limits(max_in_flight=10, circuit_failures=5, circuit_open=30, lease_ttl=75,
                max_admitted=500)


def at(seconds: float) -> datetime:
    return NOW + timedelta(seconds=seconds)


@pytest.mark.parametrize(("state", "want", "admitted", "wait", "circuit"), [
    (State(), 3, 3, 0, "closed"),
    (State(in_flight=8), 5, 2, 0, "closed"),  # the cap
    (State(in_flight=10), 1, 0, RECHECK, "closed"),
    (State(paused_until=at(12)), 1, 0, 12, "closed"),  # the receiver's Retry-After
    (State(paused_until=at(-1)), 1, 1, 0, "closed"),
    (State(circuit="open", circuit_retry_at=at(20)), 5, 0, 20, "open"),
    (State(circuit="open", circuit_retry_at=at(0)), 5, 1, 0, "half_open"),  # one probe
    (State(circuit="half_open", in_flight=1), 5, 0, RECHECK, "half_open"),
    (State(circuit="half_open", in_flight=0), 5, 1, 0, "half_open"),  # its probe was lost
])
def test_what_the_gate_admits(state: State, want: int, admitted: int, wait: float,
                              circuit: str) -> None:
    decision = decide(state, want, LIMITS, NOW)
    assert len(decision.send_at) == admitted
    assert decision.wait == pytest.approx(wait if not admitted else 0)
    assert decision.state.circuit == circuit
    assert decision.state.in_flight == state.in_flight + admitted


def test_a_throttle_reserves_spaced_send_times_a_second_ahead_at_most() -> None:
    first = decide(State(rate_limit=4), 10, LIMITS, NOW)
    gap = timedelta(seconds=THROTTLE_SPACING / 4)
    assert first.send_at == [NOW, NOW + gap, NOW + 2 * gap, NOW + 3 * gap]
    # Those four reserved the second: the next one's slot is past the horizon.
    second = decide(first.state, 1, LIMITS, NOW)
    assert second.send_at == []
    assert second.wait == pytest.approx(max(0.05, (4 * gap).total_seconds() - 1.0))
    # A quarter of a second later one more fits, and it is spaced after the others.
    later = decide(first.state, 5, LIMITS, NOW + timedelta(seconds=0.25))
    assert later.send_at == [NOW + 4 * gap]


@pytest.mark.parametrize(("error_type", "status", "down"), [
    ("timeout", None, True), ("connection", None, True), ("dns", None, True),
    ("tls", None, True), ("http_status", 500, True), ("http_status", 503, True),
    ("http_status", 429, True), ("http_status", 404, False), ("http_status", 410, False),
    ("http_status", 302, False), ("blocked_url", None, False),
])
def test_which_failures_count_against_the_breaker(error_type: str, status: int | None,
                                                  down: bool) -> None:
    assert counts_against(error_type, status) is down


@pytest.mark.parametrize(("header", "seconds"), [
    ("120", 120), (" 7 ", 7), ("0", 0), ("Mon, 23 Nov 2026 12:01:00 GMT", 60),
    ("Mon, 23 Nov 2026 11:00:00 GMT", 0),  # a date in the past: no wait
    ("-3", None), ("1.5", None), ("soon", None), ("", None), (None, None),
])
def test_retry_after_is_seconds_or_an_http_date(header: str | None,
                                                seconds: float | None) -> None:
    assert retry_after(header, now=NOW.timestamp()) == seconds
