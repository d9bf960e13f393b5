"""The environments' shares of the admitted-Deliveries cap (`hookline.delivery.shares`):
work-conserving for one environment alone, every newcomer admitted at once up to its
share even when the cap is full, weights as the plans set them, and a bound on the total."""

from __future__ import annotations

import pytest

from hookline.delivery.shares import OWN, Room, choose, slots_for


def _ask(env: str, n: int, first: int = 0) -> list[tuple[str, str]]:
    return [(f"{env}-{i}", env) for i in range(first, first + n)]


@pytest.mark.parametrize(("in_flight", "weights", "asked", "admitted"), [
    # One environment alone fills the whole cap, as before shares; not past it.
    ({}, {"a": 1}, {"a": 12}, {"a": 10}),
    ({"a": 9}, {"a": 1}, {"a": 5}, {"a": 1}),
    # A newcomer is admitted up to its share while another holds the whole cap...
    ({"a": 10}, {"a": 1, "b": 1}, {"b": 8}, {"b": 5}),
    # ...and the one over its share gets nothing while the cap is full.
    ({"a": 10}, {"a": 1, "b": 1}, {"a": 3, "b": 8}, {"b": 5}),
    # Weights: 3 to 1, of a cap of 8 -> shares 6 and 2.
    ({"a": 8}, {"a": 1, "b": 3}, {"b": 9}, {"b": 6}),
    ({"b": 8}, {"a": 1, "b": 3}, {"a": 9}, {"a": 2}),
    # Below the cap, everyone asking is admitted in the order given; past it, only an
    # environment under its share (a: 7 of 10 now, b: 5).
    ({"a": 2}, {"a": 1, "b": 1}, {"a": 5, "b": 6}, {"a": 5, "b": 5}),
])
def test_admitted(in_flight: dict[str, int], weights: dict[str, int], asked: dict[str, int],
                  admitted: dict[str, int]) -> None:
    cap = 8 if 3 in weights.values() else 10
    candidates = [c for env, n in asked.items() for c in _ask(env, n)]
    chosen = choose(Room(cap, in_flight, weights), candidates)
    assert {env: sum(1 for c in chosen if c.startswith(env)) for env in asked} == \
        {env: admitted.get(env, 0) for env in asked}


def test_the_order_given_is_kept() -> None:
    order = [("b-0", "b"), ("a-0", "a"), ("b-1", "b"), ("a-1", "a")]
    assert choose(Room(3, {}, {"a": 1, "b": 1}), order) == ["b-0", "a-0", "b-1"]


def test_newcomers_together_stay_under_twice_the_cap() -> None:
    """However many environments arrive while one holds the whole cap, the total admitted
    stays under `slots_for(cap)`, which the worker's task slots are sized for."""
    cap, envs = 50, [f"e{i}" for i in range(40)]
    weights = {"a": 1, **{e: 1 for e in envs}}
    chosen = choose(Room(cap, {"a": cap}, weights), [c for e in envs for c in _ask(e, 10)])
    assert cap + len(chosen) < slots_for(cap)
    assert len(chosen) == len(envs)  # each the whole attempts of its share: 50/41 -> 1


def test_past_the_workers_pace_only_environments_with_few_in_flight_go() -> None:
    """The worker serves 2 more promptly: a gets them (first in the order); b, with fewer
    than OWN in flight, still goes; a's third waits."""
    room = Room(1000, {"a": 40, "b": OWN - 2}, {"a": 1, "b": 1})
    order = [("a-0", "a"), ("a-1", "a"), ("a-2", "a"), ("b-0", "b"), ("b-1", "b"),
             ("b-2", "b")]
    assert choose(room, order, paced=2) == ["a-0", "a-1", "b-0", "b-1"]
    assert choose(room, order, paced=None) == [c for c, _ in order]
