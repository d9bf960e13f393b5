"""ASGI middleware that must see every request: body limits, JSON media type, NUL in paths
and queries, rate headers; and every request's latency by route kind for the metrics."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qsl, unquote_to_bytes

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import problem_response
from hookline.errors import (
    DomainError,
    NotFound,
    PayloadTooLarge,
    UnsupportedMediaType,
    ValidationFailed,
)
from hookline.observability import metrics
from hookline.settings import get_settings

MIB = 1024 * 1024
INGEST_LIMIT = 5 * MIB
# The largest API request: a 1 MiB event `data` plus its envelope; the exact 1 MiB rule on
# `data` is the publish service's.
API_LIMIT = 2 * MIB
_JSON_METHODS = {"POST", "PUT", "PATCH"}


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _is_json(content_type: str | None) -> bool:
    if content_type is None:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/")
                                           and media.endswith("+json"))


class GuardMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if (refused := _nul_refusal(path, scope.get("query_string", b""))) is not None:
            await problem_response(refused, Request(scope))(scope, receive, send)
            return
        limit = INGEST_LIMIT if path.startswith("/in/") else API_LIMIT
        length = _header(scope, b"content-length")
        too_big = PayloadTooLarge(f"the request body is larger than {limit // MIB} MiB")
        if length is not None and length.isdigit() and int(length) > limit:
            await problem_response(too_big, Request(scope))(scope, receive, send)
            return
        has_body = (length is not None and length != "0") or \
            _header(scope, b"transfer-encoding") is not None
        if (path.startswith("/v1/") and scope["method"] in _JSON_METHODS and has_body
                and not _is_json(_header(scope, b"content-type"))):
            error = UnsupportedMediaType("send the request body as application/json")
            await problem_response(error, Request(scope))(scope, receive, send)
            return
        await self.app(scope, _limited(receive, limit, too_big), _with_rate_headers(scope, send))


def _nul_refusal(path: str, query: bytes) -> DomainError | None:
    """NUL (U+0000) names nothing we store, and PostgreSQL refuses it in any text parameter:
    one check here instead of a 500 from the database behind every route."""
    if "\x00" in path:
        return NotFound("no resource has a NUL character in its path")
    if path.startswith(("/v1/", "/api/v1/")) and b"\x00" in unquote_to_bytes(query):
        names = [k for k, v in parse_qsl(query.decode("latin-1"), keep_blank_values=True)
                 if "\x00" in k + v]
        field = names[0] if names else "query"
        return ValidationFailed(f"{field}: must not contain the NUL character (U+0000)",
                                field=field)
    return None


def _limited(receive: Receive, limit: int, error: PayloadTooLarge) -> Receive:
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise error
        return message

    return wrapped


def _with_rate_headers(scope: Scope, send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            decision: Any = scope.get("state", {}).get("ratelimit")
            if decision is not None:
                headers = list(message.get("headers", []))
                headers += [
                    (b"ratelimit-limit", str(decision.limit).encode()),
                    (b"ratelimit-remaining", str(decision.remaining).encode()),
                    (b"ratelimit-reset", str(decision.reset_seconds).encode()),
                ]
                message = {**message, "headers": headers}
        await send(message)

    return wrapped


def route_kind(path: str, method: str) -> str | None:
    """The `route` label of a request: publish and ingestion apart (the hot paths), every
    other operation under /v1 and the Svix-compatible /api/v1 as `management`, the portal's
    pages and files as `portal`; None for probes (Svix's health too), /metrics and the
    docs, which are not counted."""
    if path.startswith("/in/"):
        return "ingest"
    if path.startswith("/v1/"):
        return "publish" if path == "/v1/events" and method == "POST" else "management"
    if path.startswith("/api/v1/"):  # the Svix-compatible API (`api/svix`)
        return None if path.startswith("/api/v1/health") else "management"
    if path == "/portal" or path.startswith("/portal/"):
        return "portal"
    return None


class TimingMiddleware:
    """Each request's latency by route kind and status class, from its arrival to the end
    of its answer. Outermost, so that refusals by the other middleware count too; an
    exception counts as the 500 it becomes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = route_kind(scope["path"], scope["method"]) if scope["type"] == "http" else None
        if route is None:
            await self.app(scope, receive, send)
            return
        started, status = time.perf_counter(), 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            metrics.request_took(route, status, time.perf_counter() - started)


def frame_ancestors() -> str:
    return get_settings().portal_frame_ancestors.strip() or "'none'"


class FramingMiddleware:
    """No response may be framed, but the portal's where HOOKLINE_PORTAL_FRAME_ANCESTORS
    allows it (portal pages send their whole policy themselves)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        portal = scope["path"].startswith("/portal/")
        ancestors = frame_ancestors() if portal else "'none'"

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(k == b"content-security-policy" for k, _ in headers):
                    headers.append((b"content-security-policy",
                                    f"frame-ancestors {ancestors}".encode()))
                if ancestors == "'none'":
                    headers.append((b"x-frame-options", b"DENY"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)
