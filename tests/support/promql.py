"""What a PromQL expression names, read by a small tokenizer, and what of it a scrape lacks.

Enough PromQL for a dashboard's queries: selectors (a metric name with its `{...}`
matchers), `by`/`without`/`on`/`ignoring`/`group_*` label lists, functions and
aggregations, range and subquery brackets, Grafana's `$variables`. Strict where a
misspelling could hide: a name called like a function must be one of PromQL's, and a
selector without a metric name is refused rather than skipped."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`)
  | (?P<variable>\$\{\w+(?::\w+)?\}|\$\w+)
  | (?P<duration>(?:\d+(?:ms|[smhdwy]))+(?![\w.]))
  | (?P<number>0x[0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[a-zA-Z_:][a-zA-Z0-9_:]*)
  | (?P<op>=~|!~|!=|==|<=|>=|[-+*/%^<>=,(){}\[\]:@])
""",
    re.VERBOSE,
)

# fmt: off
AGGREGATIONS = frozenset({
    "sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values",
    "bottomk", "topk", "quantile", "limitk", "limit_ratio"})
FUNCTIONS = frozenset({
    "abs", "absent", "absent_over_time", "acos", "acosh", "asin", "asinh", "atan",
    "atanh", "avg_over_time", "ceil", "changes", "clamp", "clamp_max", "clamp_min",
    "cos", "cosh", "count_over_time", "day_of_month", "day_of_week", "day_of_year",
    "days_in_month", "deg", "delta", "deriv", "double_exponential_smoothing", "end",
    "exp", "floor", "histogram_avg", "histogram_count", "histogram_fraction",
    "histogram_quantile", "histogram_stddev", "histogram_stdvar", "histogram_sum",
    "holt_winters", "hour", "idelta", "increase", "info", "irate", "label_join",
    "label_replace", "last_over_time", "ln", "log10", "log2", "mad_over_time",
    "max_over_time", "min_over_time", "minute", "month", "pi", "predict_linear",
    "present_over_time", "quantile_over_time", "rad", "rate", "resets", "round",
    "scalar", "sgn", "sin", "sinh", "sort", "sort_by_label", "sort_by_label_desc",
    "sort_desc", "sqrt", "start", "stddev_over_time", "stdvar_over_time",
    "sum_over_time", "tan", "tanh", "time", "timestamp", "vector", "year"})
# fmt: on
GROUPING = frozenset({"by", "without", "on", "ignoring", "group_left", "group_right"})
KEYWORDS = frozenset({"and", "or", "unless", "bool", "offset", "atan2", "inf", "nan"})


class PromQLError(ValueError):
    pass


@dataclass(frozen=True)
class Selector:
    metric: str
    matchers: tuple[tuple[str, str, str], ...]  # (label, operator, value)


@dataclass(frozen=True)
class Query:
    selectors: tuple[Selector, ...]
    grouping: frozenset[str]  # labels of by/without/on/ignoring/group_* lists


def tokens(expr: str) -> list[tuple[str, str]]:
    found, at = [], 0
    while at < len(expr):
        match = _TOKEN.match(expr, at)
        if match is None:
            raise PromQLError(f"cannot read {expr[at : at + 20]!r} in {expr!r}")
        assert match.lastgroup is not None
        if match.lastgroup != "space":
            found.append((match.lastgroup, match.group()))
        at = match.end()
    return found


def read(expr: str) -> Query:
    """The selectors and grouping labels of `expr`."""
    toks, selectors, grouping, at = tokens(expr), [], set(), 0

    def peek(offset: int = 0) -> str:
        return toks[at + offset][1] if at + offset < len(toks) else ""

    while at < len(toks):
        kind, text = toks[at]
        if kind == "name" and text.lower() in GROUPING:
            at += 1
            if peek() == "(":
                labels, at = _label_list(toks, at + 1, expr)
                grouping.update(labels)
        elif kind == "name" and text.lower() in KEYWORDS:
            at += 1
        elif kind == "name" and (peek(1) == "(" or text in AGGREGATIONS):
            if text not in FUNCTIONS | AGGREGATIONS:
                raise PromQLError(f"{text}() is no PromQL function, in {expr!r}")
            at += 1
        elif kind == "name":
            matchers: tuple[tuple[str, str, str], ...] = ()
            at += 1
            if peek() == "{":
                matchers, at = _matchers(toks, at + 1, expr)
            selectors.append(Selector(text, matchers))
        elif text == "{":
            raise PromQLError(f"a selector without a metric name, in {expr!r}")
        elif text == "[":
            at = _after(toks, at, "]", expr)
        else:
            at += 1
    return Query(tuple(selectors), frozenset(grouping))


def _label_list(toks: list[tuple[str, str]], at: int, expr: str) -> tuple[list[str], int]:
    labels: list[str] = []
    while at < len(toks) and toks[at][1] != ")":
        kind, text = toks[at]
        if kind == "name":
            labels.append(text)
        elif text != ",":
            raise PromQLError(f"{text!r} in a label list, in {expr!r}")
        at += 1
    return labels, _after(toks, at, ")", expr, here=True)


def _matchers(
    toks: list[tuple[str, str]], at: int, expr: str
) -> tuple[tuple[tuple[str, str, str], ...], int]:
    found: list[tuple[str, str, str]] = []
    while at < len(toks) and toks[at][1] != "}":
        if toks[at][1] == ",":
            at += 1
            continue
        window = toks[at : at + 3]
        if (
            len(window) < 3
            or window[0][0] != "name"
            or window[1][1] not in ("=", "!=", "=~", "!~")
            or window[2][0] != "string"
        ):
            raise PromQLError(f"a matcher is label, operator, quoted value, in {expr!r}")
        found.append((window[0][1], window[1][1], _unquote(window[2][1])))
        at += 3
    return tuple(found), _after(toks, at, "}", expr, here=True)


def _after(
    toks: list[tuple[str, str]], at: int, closing: str, expr: str, here: bool = False
) -> int:
    """The index after the next `closing` (at `at` itself when `here`)."""
    if not here:
        while at < len(toks) and toks[at][1] != closing:
            at += 1
    if at >= len(toks):
        raise PromQLError(f"no {closing!r} in {expr!r}")
    return at + 1


def _unquote(text: str) -> str:
    body = text[1:-1]
    return body if text[0] == "`" else re.sub(r"\\(.)", r"\1", body)


# -- against a scrape ---------------------------------------------------------------------

Exported = dict[str, dict[str, set[str]]]  # sample name -> label -> values seen


def exported(samples: Iterable[tuple[str, Iterable[tuple[str, str]]]]) -> Exported:
    """Samples (their name and labels, as a scrape gives them) by name and label."""
    found: Exported = defaultdict(lambda: defaultdict(set))
    for name, labels in samples:
        by_label = found[name]  # a sample without labels names its metric all the same
        for label, value in labels:
            by_label[label].add(value)
    return found


def unexported(expr: str, found: Exported) -> list[str]:
    """What `expr` names that the scrape lacks: a metric (by its sample name: `_total`,
    `_bucket`, `_sum`, `_count` included), a matcher's label on its metric, the value of an
    `=` or `!=` matcher (a regular expression's is not checked), or a grouping label on
    each metric of the expression."""
    query, missing = read(expr), []
    for selector in query.selectors:
        labels = found.get(selector.metric)
        if labels is None:
            missing.append(f"metric {selector.metric}")
            continue
        for label, op, value in selector.matchers:
            if label not in labels:
                missing.append(f"label {label} of {selector.metric}")
            elif op in ("=", "!=") and value and value not in labels[label]:
                missing.append(f'value {label}="{value}" of {selector.metric}')
        missing += [
            f"label {label} of {selector.metric}"
            for label in sorted(query.grouping)
            if label not in labels
        ]
    return missing
