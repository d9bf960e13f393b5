"""OpenTelemetry tracing, off unless HOOKLINE_OTEL_EXPORTER_OTLP_ENDPOINT (or the standard
OTEL_EXPORTER_OTLP_ENDPOINT) is set. Then each published event or ingested request is one
trace, to every attempt of each of its Deliveries:

    POST /v1/events                        the API (FastAPI's own server span)
    └─ StartWorkflow:DeliveryWorkflow      the worker's relay, one per Delivery
       ├─ RunWorkflow:DeliveryWorkflow
       ├─ StartActivity:attempt_delivery   one per attempt (retries too)
       │  └─ RunActivity:attempt_delivery  hookline.delivery_id, target, attempt, outcome
       │     └─ POST                       the HTTP exchange with the receiver
       └─ CompleteWorkflow:DeliveryWorkflow

The API starts no workflow, so the trace crosses the database: each outbox row keeps the W3C
trace context of the request that made it (`current`), and the relay starts the workflow
inside that context (`continued`); Temporal's TracingInterceptor (`interceptors`, on the
worker's client and so on its worker) carries it from the start into the workflow and each
attempt. Off, there is no tracer provider and no interceptor, nothing is stored, and the hot
paths pay one flag check (`enabled`).

Spans go through a BatchSpanProcessor to the OTLP/HTTP (protobuf) exporter; the exporter's
and the processor's standard variables (OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_SCHEDULE_DELAY,
OTEL_TRACES_SAMPLER, ...) apply as usual."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from opentelemetry import context, trace
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from hookline.ids import target_kind
from hookline.settings import Settings
from hookline.statuses import ErrorType

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import Span, SpanProcessor
    from temporalio.client import Interceptor

_W3C = TraceContextTextMapPropagator()
_NOTHING = contextlib.nullcontext()
_on = False


def enabled() -> bool:
    return _on


def setup(settings: Settings, service: str) -> bool:
    """Install this process's tracer provider when an endpoint is set; whether tracing is on.
    `service` names the process unless OTEL_SERVICE_NAME does."""
    global _on
    base = settings.otlp_endpoint
    if not base or _on:
        return _on
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import SERVICE_NAME, Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider(resource=Resource.create(
        {SERVICE_NAME: settings.otel_service_name or service}))
    provider.add_span_processor(_hide_ingestion_tokens())
    # The base URL, as the standard variable has it: traces go to its /v1/traces.
    provider.add_span_processor(BatchSpanProcessor(
        OTLPSpanExporter(endpoint=f"{base.rstrip('/')}/v1/traces")))
    trace.set_tracer_provider(provider)
    _on = True
    return True


def interceptors() -> list[Interceptor]:
    """The Temporal client's interceptors (and so its worker's): none when tracing is off."""
    if not _on:
        return []
    from temporalio.contrib.opentelemetry import TracingInterceptor

    return [TracingInterceptor()]


def current() -> str | None:
    """The current span's W3C trace context, as an outbox row keeps it: the traceparent, then
    a space and the tracestate if there is one (a traceparent has no space). None when off or
    outside any span."""
    if not _on:
        return None
    carrier: dict[str, str] = {}
    _W3C.inject(carrier)
    parent = carrier.get("traceparent")
    if parent is None:
        return None
    state = carrier.get("tracestate")
    return f"{parent} {state}" if state else parent


def continued(stored: str | None) -> AbstractContextManager[None]:
    """Run the block as part of the trace `stored` (from `current`) belongs to."""
    if stored is None or not _on:
        return _NOTHING
    return _attached(stored)


@contextlib.contextmanager
def _attached(stored: str) -> Iterator[None]:
    parent, _, state = stored.partition(" ")
    carrier = {"traceparent": parent, "tracestate": state} if state else {"traceparent": parent}
    token = context.attach(_W3C.extract(carrier))
    try:
        yield
    finally:
        context.detach(token)


def describe(**attributes: str | int | None) -> None:
    """Set `hookline.<name>` attributes on the current span (in an attempt, the RunActivity
    span Temporal's interceptor made); None values are left out."""
    span = trace.get_current_span()
    for name, value in attributes.items():
        if value is not None:
            span.set_attribute(f"hookline.{name}", value)


def attempted(target_id: str, attempt: int | None, status_code: int | None,
              error_type: str | None, status: str) -> None:
    """An attempt's target and outcome, on the current span: the answer's status code or
    the error type (the attempt record's `errorType`), and the Delivery's status after it."""
    describe(target=target_kind(target_id),
             target_id=target_id, attempt=attempt, status_code=status_code,
             error_type=error_type, delivery_status=status)


@contextlib.contextmanager
def client_span(url: str) -> Iterator[trace.Span]:
    """A CLIENT span for one POST to a receiver. It names the server, not the URL: endpoint
    URLs often hold a secret (Slack's and Discord's do), and the attempt's span has the
    target's id. Nothing is injected into the request: our trace is no receiver's business."""
    parts = urlsplit(url)
    attributes: dict[str, str | int] = {"http.request.method": "POST",
                                        "url.scheme": parts.scheme,
                                        "server.address": parts.hostname or ""}
    with contextlib.suppress(ValueError):  # a port out of range: the attempt says why
        attributes["server.port"] = parts.port or (443 if parts.scheme == "https" else 80)
    tracer = trace.get_tracer("hookline.sender")
    with tracer.start_as_current_span("POST", kind=trace.SpanKind.CLIENT,
                                      attributes=attributes) as span:
        yield span


def http_outcome(span: trace.Span, status_code: int | None, error_type: str | None) -> None:
    """The answer's status, and for a failed attempt its error type (the status code when
    the receiver answered, as HTTP client spans have it)."""
    if status_code is not None:
        span.set_attribute("http.response.status_code", status_code)
    if error_type is not None:
        span.set_attribute("error.type", str(status_code)
                           if error_type == ErrorType.HTTP_STATUS else error_type)
        span.set_status(trace.StatusCode.ERROR)


def _hide_ingestion_tokens() -> SpanProcessor:
    """The token in an ingestion URL is its secret: FastAPI's server span records the path
    (and query) as requested, so keep the route's template instead."""
    from opentelemetry.sdk.trace import SpanProcessor

    class HideIngestionTokens(SpanProcessor):
        def on_start(self, span: Span, parent_context: context.Context | None = None) -> None:
            path = (span.attributes or {}).get("url.path")
            if isinstance(path, str) and path.startswith("/in/"):
                span.set_attribute("url.path", "/in/{token}")
                if "url.query" in (span.attributes or {}):
                    span.set_attribute("url.query", "REDACTED")

    return HideIngestionTokens()
