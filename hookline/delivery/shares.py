"""How the relay divides the engine between environments when more than one has work
waiting: weighted fair shares of the admitted-Deliveries cap (HOOKLINE_RELAY_MAX_WAITING).

The outbox orders its candidates fairly (`hookline.delivery.outbox`: the environment with
the fewest attempts in flight for its weight first, and inside it the target with the
fewest); this module decides how many of them may go now. Pure.

- Work-conserving: an environment alone fills the whole cap, as before shares.
- An environment's share is the cap split by its plan's weight among the environments that
  have Deliveries waiting or in flight. One under its share is admitted even when the cap
  is full: a newcomer never waits for another environment's attempts to end, not even for
  attempts that hang until they time out. So every environment's first attempt goes at
  once, and the cap's slots are the others' until their share.
- The cost is the bound: while environments under their share overshoot the cap, the total
  admitted stays below twice the cap (the others hold at most the cap; the newcomers
  together less than it, each the whole attempts within its share). With more
  environments at work than the cap has slots, a share is less than one attempt: those
  take the cap's slots in turn as they free. The worker's task slots are sized for that
  (`slots_for`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# Attempts in flight an environment may always have, whatever the worker's pace: enough for
# a steady 20 events/s to a receiver answering in 100 to 300 ms.
OWN = 8


@dataclass(frozen=True)
class Room:
    cap: int  # the relay's cap on Deliveries admitted at once (in Temporal)
    in_flight: Mapping[str, int]  # live leases of each environment that has any
    weights: Mapping[str, int]  # of every environment with work waiting or in flight

    @property
    def total(self) -> int:
        return sum(self.in_flight.values())

    def share(self, environment: str) -> float:
        return self.cap * self.weights.get(environment, 1) / max(1, sum(self.weights.values()))


def choose(room: Room, candidates: Iterable[tuple[str, str]], paced: int | None = None
           ) -> list[str]:
    """Of the candidates (delivery id, environment id), taken in the order given (the fair
    order), those that may go now: while the cap has room, or while their environment is
    under its share. `paced`: how many more this worker serves promptly (`pace`); past it,
    only environments with fewer than OWN attempts in flight go, so that another's
    attempts, hanging or not, never hold a newcomer's first ones."""
    held = dict(room.in_flight)
    total, left = room.total, paced
    chosen = []
    for delivery_id, environment in candidates:
        mine = held.get(environment, 0)
        # Whole attempts within the share: so the newcomers together stay under the cap.
        if not (total < room.cap or mine + 1 <= room.share(environment)):
            continue
        if left is not None and left <= 0 and mine >= OWN:
            continue
        chosen.append(delivery_id)
        held[environment] = mine + 1
        total += 1
        left = None if left is None else left - 1
    return chosen


def slots_for(cap: int) -> int:
    """The most Deliveries the relay may have admitted at once with shares: under twice the
    cap."""
    return 2 * cap
