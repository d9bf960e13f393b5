"""The per-target gate's rule (`hookline.delivery.gate.decide`) and the receiver's signals it
acts on, as pure functions: a table of states and what the gate admits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hookline.delivery import limit
from hookline.delivery.gate import RECHECK, Limits, State, counts_against, decide
from hookline.delivery.kinds.http.sender import retry_after
from hookline.delivery.limit import Verdict

NOW = datetime(2026, 11, 23, 12, 0, 0, tzinfo=UTC)
LIMITS = Limits(max_in_flight=10, circuit_failures=5, circuit_open=30, lease_ttl=75,
                max_admitted=500)


def at(seconds: float) -> datetime:
    return NOW + timedelta(seconds=seconds)


@pytest.mark.parametrize(("state", "held"), [
    (State(circuit="open", circuit_retry_at=at(20)), True),
    (State(circuit="half_open", in_flight=1), True),  # its probe is out
    (State(in_flight=10, limit=10), False),  # the limit only makes it wait
    (State(paused_until=at(12), circuit="open", circuit_retry_at=at(20)), False),
    (State(rate_limit=1, in_flight=2), False),  # the throttle
])
def test_only_the_breaker_holds(state: State, held: bool) -> None:
    """What may end a Delivery at its window's end: a refusal by the breaker, not by the
    in-flight cap, a pause or the throttle."""
    decision = decide(state, 1, LIMITS, NOW)
    assert decision.admitted == 0 and decision.held is held


@pytest.mark.parametrize(("state", "want", "admitted", "wait", "circuit"), [
    (State(limit=10), 3, 3, 0, "closed"),
    (State(in_flight=8, limit=10), 5, 2, 0, "closed"),  # the limit
    (State(in_flight=10, limit=10), 1, 0, RECHECK, "closed"),
    (State(), 3, 1, 0, "closed"),  # a target never gated starts at the floor
    (State(in_flight=1), 1, 0, RECHECK, "closed"),
    (State(in_flight=2, limit=4.9), 5, 2, 0, "closed"),  # whole attempts
    (State(in_flight=8, limit=40), 5, 2, 0, "closed"),  # never past the ceiling
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
    assert decision.admitted == admitted
    assert decision.wait == pytest.approx(wait if not admitted else 0)
    assert decision.state.circuit == circuit
    assert decision.state.in_flight == state.in_flight + admitted


@pytest.mark.parametrize(("rate", "in_flight", "admitted"), [
    (4, 0, 6), (4, 5, 1), (4, 6, 0),  # a second and a half of its rate at once
    (1, 0, 2), (100, 0, 10),  # at least one; never past the in-flight cap
])
def test_a_throttled_target_has_its_rate_admitted_ahead(rate: int, in_flight: int,
                                                        admitted: int) -> None:
    decision = decide(State(rate_limit=rate, in_flight=in_flight, limit=10), 50, LIMITS, NOW)
    assert decision.admitted == admitted


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


@pytest.mark.parametrize(("succeeded", "down", "slow", "verdict"), [
    (True, False, False, Verdict.GROW), (True, False, True, Verdict.SLOW),
    (False, True, False, Verdict.DOWN), (False, False, False, None),  # a 4xx: an answer
])
def test_what_an_outcome_says_of_the_limit(succeeded: bool, down: bool, slow: bool,
                                           verdict: Verdict | None) -> None:
    assert limit.verdict(succeeded, down, slow) is verdict


@pytest.mark.parametrize(("current", "in_flight", "grows"), [
    (1, 1, True), (10, 5, True), (10, 4, False),  # a limit the traffic does not use
    (100, 100, False), (5, None, False),  # the ceiling (100 here); no lease to count
])
def test_when_a_prompt_success_grows_the_limit(current: float, in_flight: int | None,
                                               grows: bool) -> None:
    assert limit.grows(current, in_flight, 100) is grows


def test_a_slow_answer_is_one_well_slower_than_the_targets_recent_ones() -> None:
    baselines = limit.Baselines(kept=2)
    assert not baselines.slow("ep_a", 2000)  # the first sets the baseline
    assert not baselines.slow("ep_a", 4000)  # twice plus the slack: not yet
    assert baselines.slow("ep_a", 4400)
    assert not baselines.slow("ep_fast", 1) and not baselines.slow("ep_fast", 200)  # slack
    assert baselines.slow("ep_fast", 300)
    baselines.slow("ep_c", 5)  # a third target: the least recent is forgotten
    assert not baselines.slow("ep_a", 10_000)  # learnt again
