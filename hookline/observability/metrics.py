"""Prometheus metrics: every metric Hookline exports is defined here (prometheus_client's
default registry); the code that decides an outcome counts it.

Two processes export them (`hookline.observability.serving`): the API at `GET /metrics`, and a
worker on HOOKLINE_WORKER_METRICS_PORT, where the outbox and breaker gauges are read from
the database at scrape time and the Temporal SDK's own metrics are passed through. Labels
are bounded sets (route kinds, status classes, error types, targets: endpoint or
destination, provider codes): never an id or a URL. docs/METRICS.md lists them all.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics
from sqlalchemy import event
from sqlmodel import Session

from hookline import statuses
from hookline.ids import target_kind
from hookline.statuses import DeliveryStatus, ErrorType
from hookline.target_kinds import SOURCE_KINDS

# No `_created` series beside every counter and histogram: they double the series and
# Prometheus does not use them (multiprocess mode has none either).
disable_created_metrics()  # type: ignore[no-untyped-call]

TARGET_KINDS = ("endpoint", "destination")
# In the enum's order, not the set's: the order of the series on /metrics.
FINAL: tuple[str, ...] = tuple(s for s in DeliveryStatus if s in statuses.FINAL)
# An attempt's outcome: the answer's status class, or the error type of an attempt that got
# no answer (the attempt record's `errorType`).
OUTCOMES = ("2xx", "3xx", "4xx", "5xx", "published",
            *(t for t in statuses.ERROR_TYPES if t != ErrorType.HTTP_STATUS), "other")
CIRCUITS = ("closed", "open", "half_open")

# -- the API ---------------------------------------------------------------------------

REQUEST_SECONDS = Histogram(
    "hookline_api_request_duration_seconds",
    "Time from a request's arrival to the end of its answer, by route kind (publish: POST "
    "/v1/events, ingest: /in/{token}, management: the rest of /v1 and /api/v1, portal: "
    "/portal) and status class.",
    ["route", "status"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
"""Request rate, errors and latency as the API process sees them (every answer, refusals
too; `api.middleware.route_kind` names the routes)."""

INGESTED = Counter(
    "hookline_ingest_messages",
    "Requests to ingestion URLs that reached a Source, by the Source's provider, the "
    "verification verdict and the outcome: accepted (stored, forwarded unless the Source "
    "is disabled), duplicate (a provider event id seen in the last 24 h: the first "
    "message's id answered, nothing stored), rejected (signature failed: stored without "
    "its body, answered 401).",
    ["provider", "verification", "outcome"])
"""Ingestion by provider and verification; handshakes and unknown tokens are not counted."""

RATE_LIMITED = Counter(
    "hookline_rate_limited_requests",
    "API requests refused with 429, by the limit that refused them (organization: the "
    "plan's requests per second, shared by every API process).",
    ["limit"])
"""Rate-limit refusals; the only request limit today is the organization's plan rps."""
RATE_LIMITED_ORGANIZATION = RATE_LIMITED.labels("organization")

FILTERED = Counter(
    "hookline_filtered",
    "Targets a payload filter kept an event or message from at fan-out (no Delivery was "
    "made for them), by target (endpoint or destination). Counted where the fan-out ran: "
    "the API for publish and ingestion, the worker for cron runs.",
    ["target"])
"""Filtered fan-outs, whether the filter said false or failed (`hookline_filter_errors`)."""
_FILTERED = {k: FILTERED.labels(k) for k in TARGET_KINDS}

FILTER_ERRORS = Counter(
    "hookline_filter_errors",
    "Payload filter evaluations that failed (a missing key, a comparison of mismatched "
    "types, a result that is not a bool), by target (endpoint or destination). A failure "
    "counts as no match.",
    ["target"])
"""Failed filter evaluations; the preview shows the error of one."""
_FILTER_ERRORS = {k: FILTER_ERRORS.labels(k) for k in TARGET_KINDS}

FILTER_OVER_BUDGET = Counter(
    "hookline_filter_over_budget",
    "Payload filter evaluations stopped at their cost budget (also counted in "
    "hookline_filter_errors), by target (endpoint or destination).",
    ["target"])
"""Filters that met an event or message too large for their cost: no match."""
_FILTER_OVER_BUDGET = {k: FILTER_OVER_BUDGET.labels(k) for k in TARGET_KINDS}

USER_CODE_SECONDS = Counter(
    "hookline_user_code_seconds",
    "CPU seconds spent in tenants' code (code: filter or transformation), by target "
    "(endpoint or destination). Counted where it ran.",
    ["target", "code"])
"""Where tenants' filters and transformations spend this process's CPU."""
_USER_CODE = {(k, c): USER_CODE_SECONDS.labels(k, c) for k in TARGET_KINDS
              for c in ("filter", "transformation")}

TRANSFORM_EXECUTOR_RESTARTS = Counter(
    "hookline_transform_executor_restarts",
    "Transformation executors replaced (`hookline.tenant_code.transform_pool`), by reason: "
    "crashed, wedged (no answer within the time limit and a grace), memory (past its bound).",
    ["reason"])
"""Executor processes started in place of another."""
_RESTARTS = {r: TRANSFORM_EXECUTOR_RESTARTS.labels(r)
             for r in ("crashed", "wedged", "memory")}

# -- the delivery engine (the worker; cancellations by API actions count in the API) ------

DELIVERIES = Counter(
    "hookline_deliveries_finished",
    "Deliveries that reached a final status (delivered, exhausted, cancelled), by status "
    "and target (endpoint or destination). Counted by the process that decided it: "
    "the worker for attempt outcomes and automatic disables, the API for cancellations by "
    "a disable or delete through the API.",
    ["status", "target"])
"""Final statuses: a retried Delivery that ends again counts again."""
_FINISHED = {(s, k): DELIVERIES.labels(s, k) for s in FINAL for k in TARGET_KINDS}

ATTEMPTS = Counter(
    "hookline_attempts",
    "Attempts of Deliveries, HTTP and broker, by outcome (status class 2xx..5xx, published, "
    "or the error type when no answer came: timeout, connection, dns, tls, blocked_url, "
    "oauth, proxy, broker_*...) and target (endpoint or destination).",
    ["outcome", "target"])
"""Every attempt the attempt activity recorded; the endpoint test is not one."""
_ATTEMPTED = {(o, k): ATTEMPTS.labels(o, k) for o in OUTCOMES for k in TARGET_KINDS}

EGRESS_PROXY_FAILURES = Counter(
    "hookline_egress_proxy_failures",
    "Requests the egress proxy failed (unreachable, refused the tunnel by its own rules, "
    "wanted other credentials), by what they were for: receiver (an attempt or an endpoint "
    "test) or token (an OAuth2 token request). Counted by the process that sent them: the "
    "worker, and the API for endpoint tests. A proxy that could not connect to the receiver "
    "is not counted: that failure is the receiver's (errorType connection).",
    ["request"])
"""The egress proxy's own health, apart from any target's (errorType `proxy`)."""
_PROXY_FAILED = {r: EGRESS_PROXY_FAILURES.labels(r) for r in ("receiver", "token")}

ATTEMPT_SECONDS = Histogram(
    "hookline_attempt_duration_seconds",
    "Duration of one HTTP attempt (URL check, DNS, connect, request, first 4 KiB of the "
    "answer), by target (endpoint or destination): the attempt record's durationMs.",
    ["target"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30))
"""Attempt duration; the throttle's wait for a send time is not part of it."""
_ATTEMPT_SECONDS = {k: ATTEMPT_SECONDS.labels(k) for k in TARGET_KINDS}

RELAY_LAG = Histogram(
    "hookline_relay_lag_seconds",
    "Time from a Delivery's workflow start entering the outbox to the relay starting its "
    "workflow. Includes any wait at the target's gate (concurrency limit, open circuit, pause).",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600))
"""Relay lag of starts the relay made; a failed start (Temporal down) is left out."""

RETENTION_DELETED = Counter(
    "hookline_retention_deleted_rows",
    "Rows the retention pass deleted, by table (events, messages, deliveries, attempts).",
    ["table"])
"""Counted per committed batch of the retention pass (`activities/retention`)."""

BROKER_SOURCE_MESSAGES = Counter(
    "hookline_broker_source_messages",
    "Messages broker Sources read, by the Source's kind (kafka, sqs, amqp) and outcome: "
    "published (an Event committed, or a replay of one), dead_lettered (never publishable: "
    "sent to the dead-letter target with its reason), dropped (a dead letter read back, "
    "not publishable either), held (not acknowledged: read again after a pause).",
    ["kind", "outcome"])
BROKER_SOURCE_PAUSES = Counter(
    "hookline_broker_source_pauses",
    "Pauses of broker Sources, by kind and reason: quota (the environment's monthly quota "
    "refused), rate_limit (the organization's rate), retry (the database or the broker "
    "failed).",
    ["kind", "reason"])
BROKER_SOURCE_LAG = Gauge(
    "hookline_broker_source_lag_messages",
    "Messages the broker Sources this process reads have not done with yet (a Kafka "
    "group's over every partition), summed by kind, as last measured; every process "
    "reads every Source (each Source's own is on its record: `lag`).",
    ["kind"])
"""Broker Sources' reading (`hookline.intake`), in the process that runs them: the worker,
or `hookline ingest-worker`. No Source ids in labels. Every label set is exported from the
start, at zero, as dashboards and alerts expect."""
for _kind in SOURCE_KINDS:
    for _outcome in ("published", "dead_lettered", "dropped", "held"):
        BROKER_SOURCE_MESSAGES.labels(_kind, _outcome)
    for _reason in ("quota", "rate_limit", "retry"):
        BROKER_SOURCE_PAUSES.labels(_kind, _reason)
    BROKER_SOURCE_LAG.labels(_kind).set(0)

# Read from the database at scrape time, on the worker's port (`DatabaseCollector`).
OUTBOX_DEPTH = "hookline_outbox_depth"
OUTBOX_OLDEST = "hookline_outbox_oldest_age_seconds"
# Environments with starts waiting, by how long their oldest has waited: one tenant's
# backlog is one environment waiting long while the others wait little (no ids in labels).
OUTBOX_ENVIRONMENTS = "hookline_outbox_environments_waiting"
WAITED_OVER = {"0s": 0.0, "1s": 1.0, "10s": 10.0, "60s": 60.0, "600s": 600.0}
RETRYING = "hookline_deliveries_retrying"
LINES_BLOCKED = "hookline_lines_blocked"
HELD = "hookline_deliveries_held"
CIRCUIT_TARGETS = "hookline_targets_by_circuit"
CONCURRENCY_LIMIT = "hookline_target_concurrency_limit"
LIMIT_STATS = ("min", "mean", "max")


_INGESTED: dict[tuple[str, ...], Any] = {}
_REQUESTS: dict[tuple[str, ...], Any] = {}


def _child(cache: dict[tuple[str, ...], Any], metric: Any, key: tuple[str, ...]) -> Any:
    """The labelled child of `metric`, bound once: `labels()` costs a lock and a lookup."""
    child = cache.get(key)
    if child is None:
        child = cache[key] = metric.labels(*key)
    return child


def ingested(provider: str, verification: str, outcome: str) -> None:
    _child(_INGESTED, INGESTED, (provider, verification, outcome)).inc()


# Each broker Source's last lag in this process, by kind: the gauge is their sum.
_SOURCE_LAGS: dict[str, dict[str, int]] = {}


def broker_source_lag(kind: str, source_id: str, messages: int | None) -> None:
    """A Source's lag measured (None: it stopped reading in this process)."""
    lags = _SOURCE_LAGS.setdefault(kind, {})
    if messages is None:
        lags.pop(source_id, None)
    else:
        lags[source_id] = messages
    BROKER_SOURCE_LAG.labels(kind).set(sum(lags.values()))


def filtered(kind: str, count: int, errors: int, over_budget: int = 0) -> None:
    if count:
        _FILTERED[kind].inc(count)
    if errors:
        _FILTER_ERRORS[kind].inc(errors)
    if over_budget:
        _FILTER_OVER_BUDGET[kind].inc(over_budget)


def transform_executor_restarted(reason: str) -> None:
    _RESTARTS[reason].inc()


def user_code(kind: str, code: str, seconds: float) -> None:
    _USER_CODE[(kind, code)].inc(seconds)


def request_took(route: str, status: int, seconds: float) -> None:
    _child(_REQUESTS, REQUEST_SECONDS, (route, f"{status // 100}xx")).observe(seconds)


def retention_deleted(counts: dict[str, int]) -> None:
    for table, rows in counts.items():
        if rows:
            RETENTION_DELETED.labels(table).inc(rows)


def outcome_of(status_code: int | None, error_type: str | None) -> str:
    """The `outcome` label of an attempt: an answer's status class, else its error type."""
    if status_code is not None:
        return f"{status_code // 100}xx" if 200 <= status_code < 600 else "other"
    if error_type is None:  # a success with no answer: a broker confirmed the publish
        return "published"
    return error_type if error_type in OUTCOMES else "other"


def attempted(target_id: str, status_code: int | None, error_type: str | None,
              duration_ms: int, status: str) -> None:
    """One recorded attempt, and the Delivery's status after it (hot path: dict lookups
    of prebound children)."""
    kind = target_kind(target_id)
    _ATTEMPTED[outcome_of(status_code, error_type), kind].inc()
    _ATTEMPT_SECONDS[kind].observe(duration_ms / 1000)
    # Cancellations count where they happen.
    if status in (DeliveryStatus.DELIVERED, DeliveryStatus.EXHAUSTED):
        _FINISHED[status, kind].inc()


def proxy_failed(request: str) -> None:
    """One request the egress proxy failed: `receiver` or `token`."""
    _PROXY_FAILED[request].inc()


def finished(status: str, kind: str, count: int = 1) -> None:
    _FINISHED[status, kind].inc(count)


_PENDING = "hookline_metrics_pending"


def finished_on_commit(session: Session, status: str, kind: str, count: int) -> None:
    """Count Deliveries a session's transaction moves to a final status once it commits
    (nothing when it rolls back)."""
    if not count:
        return
    pending: list[tuple[str, str, int]] | None = session.info.get(_PENDING)
    if pending is None:
        pending = session.info[_PENDING] = []
        event.listen(session, "after_commit", _count_pending)
        event.listen(session, "after_rollback", _drop_pending)
    pending.append((status, kind, count))


def _count_pending(session: Session) -> None:
    pending = session.info.get(_PENDING) or []
    for status, kind, count in pending:
        finished(status, kind, count)
    pending.clear()


def _drop_pending(session: Session) -> None:
    session.info.get(_PENDING, []).clear()


def relayed(queued_at: Iterable[float | None]) -> None:
    now = time.time()
    for at in queued_at:
        if at is not None:
            RELAY_LAG.observe(max(0.0, now - at))
