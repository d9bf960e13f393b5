"""Who an MCP request is: its bearer checked on every request, before the SDK sees it (a
revoked key or link stops at once, inside an open session too). `/mcp` takes an API key,
`/portal/mcp` a portal link's token; a missing or bad one is the API's 401."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from fastapi.concurrency import run_in_threadpool
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from mcp.server.fastmcp import Context
from mcp.server.fastmcp.exceptions import ToolError
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from sqlmodel import Session
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send

from hookline.errors import Unauthorized
from hookline.persistence.db import begin_reading, get_engine
from hookline.services import accounts, portal
from hookline.services.portal import Access

_ACCESS = "hookline_mcp_access"
_SESSION_HEADER = b"mcp-session-id"


def bearer_of(headers: Headers) -> str | None:
    scheme, _, token = (headers.get("authorization") or "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token and " " not in token else None


def _verified(kind: str, token: str) -> Any:
    with Session(get_engine()) as session:
        begin_reading(session)
        found: Any = accounts.authenticate(session, token) if kind == "api_key" \
            else portal.exchange(session, token)
        session.commit()
        return found


def _refused(detail: str) -> JSONResponse:
    return _refused_with(401, "unauthorized", "Authentication required", detail,
                         {"WWW-Authenticate": "Bearer"})


def _refused_with(status: int, slug: str, title: str, detail: str,
                  headers: dict[str, str] | None = None) -> JSONResponse:
    """A problem as the API's (`api.errors`), for requests the SDK never sees."""
    return JSONResponse({"type": f"https://hookline.dev/problems/{slug}", "title": title,
                         "status": status, "detail": detail}, status_code=status,
                        media_type="application/problem+json", headers=headers)


# Sessions one tenant may hold open at once, on each door: an organization through its
# keys; an environment's Consumers through their links, and one Consumer. The SDK's own cap
# is the process's, which one tenant could otherwise fill for everybody.
PER_ORGANIZATION, PER_ENVIRONMENT, PER_CONSUMER = 50, 50, 10


@dataclass(frozen=True)
class Caller:
    """Who a request is, as the guard found it: what the tools act as, the principal a
    session is bound to, and the shares its sessions count against."""

    found: Any  # a Principal (an API key's) or an Access (a portal link's)
    client_id: str
    shares: tuple[tuple[str, int], ...]


def _caller(kind: str, found: Any) -> Caller:
    if kind == "api_key":
        return Caller(found, f"key:{found.key_id}", ((f"org:{found.org_id}", PER_ORGANIZATION),))
    return Caller(found, f"link:{found.link_id}", (
        (f"env:{found.environment_id}", PER_ENVIRONMENT),
        (f"consumer:{found.consumer_id}", PER_CONSUMER)))


class Sessions:
    """The open sessions by share, beside the SDK's managers (which forget a session once
    it is closed or idle): checked and reserved under one lock, so that opens racing each
    other all count."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.by_share: dict[str, set[str]] = {}
        self.live: list[StreamableHTTPSessionManager] = []

    def _pruned(self, share: str) -> set[str]:
        open_now = set().union(*(getattr(m, "_server_instances", {}) for m in self.live))
        found = self.by_share.setdefault(share, set())
        found.intersection_update(open_now | {s for s in found if s.startswith("pending:")})
        return found

    async def reserve(self, caller: Caller) -> str | None:
        """A placeholder held in each share, or None when one is full."""
        async with self.lock:
            held = [self._pruned(share) for share, _ in caller.shares]
            if any(len(h) >= limit for h, (_, limit) in zip(held, caller.shares, strict=True)):
                return None
            placeholder = f"pending:{uuid.uuid4().hex}"
            for h in held:
                h.add(placeholder)
            return placeholder

    def settle(self, caller: Caller, placeholder: str, session_id: str | None) -> None:
        for share, _ in caller.shares:
            held = self.by_share.setdefault(share, set())
            held.discard(placeholder)
            if session_id:
                held.add(session_id)


class BearerGuard:
    def __init__(self, kind: Literal["api_key", "portal"], sessions: Sessions) -> None:
        self.kind, self.sessions = kind, sessions
        self.inner: Any = None

    def wrapping(self, manager: StreamableHTTPSessionManager) -> BearerGuard:
        self.inner = manager.handle_request
        self.sessions.live.append(manager)
        return self

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = bearer_of(Headers(scope=scope))
        what = "an API key" if self.kind == "api_key" else "a portal link's token"
        if token is None:
            await _refused(f"send {what} as 'Authorization: Bearer <token>'")(
                scope, receive, send)
            return
        try:
            caller = _caller(self.kind, await run_in_threadpool(_verified, self.kind, token))
        except Unauthorized as exc:
            await _refused(exc.detail or "not a valid token")(scope, receive, send)
            return
        scope.setdefault("state", {})[_ACCESS] = caller.found
        # The SDK binds a session to the principal that opened it: another key or link,
        # even the same tenant's, cannot use it, answer its confirmations, or close it.
        scope["user"] = AuthenticatedUser(AccessToken(token="", client_id=caller.client_id,
                                                      scopes=[]))
        if Headers(scope=scope).get("mcp-session-id") is None and scope["method"] == "POST":
            await self._opening(caller, scope, receive, send)
            return
        await self.inner(scope, receive, send)

    async def _opening(self, caller: Caller, scope: Scope, receive: Receive, send: Send
                       ) -> None:
        """A request that opens a session: refused past a share; its id counted."""
        placeholder = await self.sessions.reserve(caller)
        if placeholder is None:
            await _refused_with(429, "mcp-sessions", "Too many MCP sessions",
                                "this tenant holds as many MCP sessions as it may: close one "
                                "(DELETE) or let one expire")(scope, receive, send)
            return
        opened: list[str] = []

        async def noting(message: Any) -> None:
            if message["type"] == "http.response.start":
                opened.extend(value.decode() for name, value in message.get("headers", [])
                              if name.lower() == _SESSION_HEADER)
            await send(message)
        try:
            await self.inner(scope, receive, noting)
        finally:
            self.sessions.settle(caller, placeholder, opened[0] if opened else None)


def _request_state(ctx: Context[Any, Any, Any]) -> Any:
    request = ctx.request_context.request
    if request is None:
        raise ToolError("this tool is served over HTTP only")
    return request


def api_key_of(ctx: Context[Any, Any, Any]) -> str:
    """The API key the request in hand came with (checked by the guard)."""
    token = bearer_of(Headers(headers=dict(_request_state(ctx).headers)))
    assert token is not None  # the guard let no request through without one
    return token


def portal_access_of(ctx: Context[Any, Any, Any]) -> Access:
    """What the portal link of the request in hand allows (checked by the guard)."""
    found: Access = _request_state(ctx).scope["state"][_ACCESS]
    return found
