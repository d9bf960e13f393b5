"""JMESPath expressions a tenant supplies (a Kafka target's `?key=`), bounded as CEL filters
are: a cost bound at save, and a budget at every evaluation.

JMESPath has no loops, but it can multiply: `[@, @][]` doubles what it is given, and
`|[@,@][]` six more times makes 128 copies of the body. Issue 64 measured a 191-character
key that held a worker's event loop for 34 s and a preview that froze the API for 10.5 s;
at 247 characters it would build 2^31 elements.

- **At save** (`compiled`): an expression's growth, how many times its result can hold
  what it was given, is bounded by MAX_GROWTH. Growth is read off the syntax tree: a
  multi-select adds its parts', a projection, pipe or sub-expression multiplies its two
  sides', a function multiplies its arguments'; anything else keeps its child's.
- **At evaluation** (`search`): every list or object the evaluation makes counts its
  length against BUDGET; past it, the evaluation stops (`OverBudget`). So however large
  the body, an accepted expression makes at most about BUDGET elements."""

from __future__ import annotations

from functools import lru_cache
from math import prod
from typing import Any

import jmespath
from jmespath import visitor
from jmespath.exceptions import JMESPathError

MAX_EXPRESSION = 256
MAX_GROWTH = 64
# Elements an evaluation may make, lists' and objects' lengths summed: about 5 ms of pure
# Python at most, whatever the body.
BUDGET = 100_000

_SUM = frozenset({"multi_select_list", "multi_select_dict"})
_PRODUCT = frozenset({"projection", "value_projection", "filter_projection", "pipe",
                      "subexpression", "index_expression", "function_expression"})


class OverBudget(ValueError):
    """The evaluation made more than BUDGET elements."""


def growth(node: dict[str, Any]) -> int:
    """How many times the expression's result can hold what it was given, at most."""
    children = [growth(child) for child in node.get("children", [])]
    if not children:
        return 1
    if node["type"] in _SUM:
        return sum(children)
    if node["type"] in _PRODUCT:
        return prod(children)
    return max(children)


@lru_cache(maxsize=256)
def compiled(expression: str, max_growth: int = MAX_GROWTH) -> dict[str, Any]:
    """The expression's syntax tree. Raises ValueError saying what is wrong with it."""
    if len(expression) > MAX_EXPRESSION:
        raise ValueError(f"an expression is at most {MAX_EXPRESSION} characters")
    try:
        tree: dict[str, Any] = jmespath.compile(expression).parsed
    except JMESPathError as exc:
        raise ValueError(f"not a JMESPath expression: {exc}") from None
    if (found := growth(tree)) > max_growth:
        raise ValueError(f"the expression can multiply what it is given {found} times, "
                         f"more than {max_growth} (each multi-select that is flattened or "
                         "projected multiplies it)")
    return tree


class _Budgeted(visitor.TreeInterpreter):  # type: ignore[misc]
    def __init__(self, budget: int) -> None:
        super().__init__()
        self.left = budget

    def visit(self, node: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        result = super().visit(node, *args, **kwargs)
        if isinstance(result, list | dict):
            self.left -= len(result)
            if self.left < 0:
                raise OverBudget(f"the expression made more than {BUDGET} elements")
        return result


def search(expression: str, document: Any, budget: int = BUDGET,
           max_growth: int = MAX_GROWTH) -> Any:
    """The expression's result on the document. Raises ValueError (`OverBudget` past the
    budget) or JMESPathError."""
    return _Budgeted(budget).visit(compiled(expression, max_growth), document)


def scalar(expression: str, document: Any, budget: int = BUDGET,
           max_growth: int = MAX_GROWTH) -> str | None:
    """The expression's result as a key: a string, or a number as text. None for anything
    else (nothing found, a boolean, a list or object, or an evaluation that fails or runs
    over its budget)."""
    try:
        found = search(expression, document, budget, max_growth)
    except (ValueError, JMESPathError):
        return None
    if isinstance(found, bool) or not isinstance(found, str | int | float):
        return None
    return str(found)
