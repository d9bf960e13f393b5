"""Payload filters: a CEL expression (the Common Expression Language: typed, no loops, no
side effects) on an endpoint or a destination decides at fan-out whether an event or a
message makes a Delivery for it at all.

A filter is a tenant's code on a path every tenant shares, so it runs within a budget
(docs/FEATURES.md says what it allows). CEL runs in cel-go (`tenant_code.celgo`) for its
cost model:
- at save, the checker's worst-case estimate on an event or message whose strings, lists
  and maps hold SAVE_SIZE items or characters must fit COST_BUDGET: this refuses nested
  comprehensions over the data or over large literals, and long chains of growth;
- at evaluation, cel-go stops at COST_BUDGET units (milliseconds): a filter that fits on a
  small event may still meet a large one.

An evaluation that fails (a missing key, a comparison of a string with a number), runs past
its budget or gives anything but `true` is no match: the target gets no Delivery. Failures
are counted (`hookline_filter_errors`, and `hookline_filter_over_budget`) and the preview
shows them, in CEL's words."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar
from urllib.parse import parse_qsl

from hookline.errors import invalid
from hookline.observability import metrics
from hookline.tenant_code import celgo
from hookline.tenant_code.celgo import Activation, MaybeJSON, Outcome, RawJSON


class Filtered(Protocol):
    """A target as a filter sees it: its kind's word and its CEL source (None: none)."""

    KIND: ClassVar[str]

    @property
    def filter(self) -> str | None: ...


AnyTarget = TypeVar("AnyTarget", bound=Filtered)

MAX_FILTER = 4096  # bytes of CEL source
# cel-go's cost units: about one per operation, and per ten characters of a string compared
# or copied. 100,000 units took 9 to 28 ms on this machine's slowest shapes (building lists
# in nested comprehensions) under load, 1 to 10 ms for the usual ones (bench/RESULTS.md).
COST_BUDGET = 100_000
SAVE_SIZE = 64  # items or characters in each string, list and map a filter reads, at save
_POSITION = re.compile(r"^(\d+):(\d+): (.*)$")
programs = celgo.Programs(COST_BUDGET)


@dataclass(frozen=True)
class Verdict:
    matched: bool
    error: str | None = None  # why the evaluation failed (then matched is False)
    over_budget: bool = False


def check(source: Any) -> str | None:
    """A filter as the API takes it (None: no filter), or 422 naming `filter`: it must
    compile, give a bool, and fit the budget."""
    if source is None:
        return None
    if not isinstance(source, str):
        raise invalid("filter", "must be a CEL expression (a string) or null")
    if len(source.encode()) > MAX_FILTER:
        raise invalid("filter", f"must be at most {MAX_FILTER} bytes")
    if not source.strip():
        raise invalid("filter", "must not be empty; null removes the filter")
    found = celgo.estimate(source, SAVE_SIZE)
    if isinstance(found, celgo.Refused):
        if found.reason == "result":
            raise invalid("filter", found.message)
        raise invalid("filter", f"does not compile: {_position(found.message)}")
    if found.most > COST_BUDGET:
        raise invalid("filter", (
            f"could cost {found.most:,} units, over the budget of {COST_BUDGET:,}: "
            "comprehensions nested over the data, or over large lists or maps written in "
            "the filter, multiply their costs"))
    return source


def _position(message: str) -> str:
    found = _POSITION.match(message)
    if found is None:
        return message or "syntax error"
    line, column, reason = found.groups()
    return f"line {line}, column {column}: {reason.strip()}"


def context(variables: Mapping[str, Any]) -> Activation:
    """The variables decoded once in cel-go for every filter evaluated on them (a context
    manager: the library holds them until it exits)."""
    return Activation(variables)


def evaluate(source: str, variables: Activation) -> Verdict:
    """Whether the filter lets this event or message through, within its budget;
    `variables` from `context`."""
    try:
        program = programs.get(source)
    except ValueError as exc:  # saved before a change of engine, say: no match
        return Verdict(False, str(exc))
    found = celgo.evaluate(program, variables)
    if found.outcome is Outcome.MATCHED:
        return Verdict(True)
    if found.outcome is Outcome.NOT_MATCHED:
        return Verdict(False)
    if found.outcome is Outcome.OVER_BUDGET:
        return Verdict(False, f"stopped past its budget of {COST_BUDGET:,} cost units",
                       over_budget=True)
    return Verdict(False, found.message or "the filter failed")


# Verdicts by (target kind, filter source), for one event's or message's variables.
Verdicts = dict[tuple[str, str], Verdict]


class Unevaluated(Exception):
    """A batched check (`persistence.batches`) met filters it has no verdict for. Filters
    never run on the batch thread, which every tenant's publishes share: the caller
    evaluates them elsewhere (`evaluate_all`) and runs the job again with the verdicts.
    `owner` is whose filters they are (a Consumer's or a Source's id), so that the caller
    can keep one owner's evaluations from taking every thread."""

    def __init__(self, owner: str, pending: set[tuple[str, str]],
                 variables: Mapping[str, Any]) -> None:
        super().__init__(f"{len(pending)} filters to evaluate")
        self.owner, self.pending, self.variables = owner, pending, variables


def evaluate_all(needed: Unevaluated) -> Verdicts:
    """The verdicts a deferred check asked for (on a thread of the caller's choosing: cel-go
    holds no GIL while it evaluates), and their CPU counted."""
    started = time.thread_time()
    with context(needed.variables) as seen:
        found = {(kind, source): evaluate(source, seen) for kind, source in needed.pending}
    metrics.user_code(next(iter(needed.pending))[0], "filter", time.thread_time() - started)
    return found


def admitted(targets: Sequence[AnyTarget], variables: Callable[[], Mapping[str, Any]],
             verdicts: Verdicts | None = None, owner: str = ""
             ) -> tuple[list[AnyTarget], int]:
    """The targets whose filter lets the event or message through (every target without a
    filter), and how many were kept out. `variables` is called once, and only when some
    target has a filter. With `verdicts` (a batched check), a filter without one raises
    Unevaluated instead of running here; without, filters run here."""
    filtered = [target for target in targets if target.filter is not None]
    if not filtered:
        return list(targets), 0
    if verdicts is not None:
        pending = {(t.KIND, str(t.filter)) for t in filtered} - verdicts.keys()
        if pending:
            raise Unevaluated(owner, pending, variables())
        found = verdicts
    else:
        found = evaluate_all(Unevaluated(owner, {(t.KIND, str(t.filter)) for t in filtered},
                                         variables()))
    kept = [t for t in targets if t.filter is None or found[(t.KIND, t.filter)].matched]
    out = len(targets) - len(kept)
    if out:
        seen = [found[(t.KIND, str(t.filter))] for t in filtered]
        metrics.filtered(targets[0].KIND, out, sum(v.error is not None for v in seen),
                         sum(v.over_budget for v in seen))
    return kept, out


def event_variables(event_type: str, data: Any, consumer: str, event_id: str,
                    data_text: str | None = None) -> dict[str, Any]:
    """What an endpoint's filter sees of an event (`data_text`: its data already
    serialized, which cel-go then decodes as it is)."""
    return {"type": event_type, "data": data if data_text is None else RawJSON(data_text),
            "consumer": consumer, "eventId": event_id}


def message_variables(body: bytes | None, content_type: str | None,
                      headers: Mapping[str, str], query: str, provider: str
                      ) -> dict[str, Any]:
    """What a destination's filter sees of a message: its body parsed when it is JSON (else
    null), its headers by lower-case name, its query string's parameters (the first value
    of each) and its content type and provider."""
    return {"body": MaybeJSON(body) if body else None,
            "headers": {k.lower(): v for k, v in headers.items()},
            "query": dict(reversed(parse_qsl(query, keep_blank_values=True))),
            "contentType": content_type, "provider": provider}
