"""Who an MCP request is: its bearer checked on every request, before the SDK sees it (a
revoked key or link stops at once, inside an open session too). `/mcp` takes an API key,
`/portal/mcp` a portal link's token; a missing or bad one is the API's 401."""

from __future__ import annotations

from typing import Any, Literal

from fastapi.concurrency import run_in_threadpool
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


# Sessions one tenant may hold open at once (an organization through its keys, a
# Consumer through its links): the SDK's own cap is the process's, which one tenant could
# otherwise fill for everybody.
SESSIONS_PER_TENANT = {"api_key": 50, "portal": 10}
_SESSION_HEADER = b"mcp-session-id"


def _tenant(kind: str, found: Any) -> str:
    return f"org:{found.org_id}" if kind == "api_key" else f"consumer:{found.consumer_id}"


class BearerGuard:
    def __init__(self, kind: Literal["api_key", "portal"]) -> None:
        self.kind = kind
        self.inner: Any = None
        self.manager: StreamableHTTPSessionManager | None = None
        self.sessions: dict[str, set[str]] = {}  # by tenant: the ids it opened

    def wrapping(self, manager: StreamableHTTPSessionManager) -> BearerGuard:
        self.manager, self.inner = manager, manager.handle_request
        return self

    def _open(self, tenant: str) -> set[str]:
        """The tenant's sessions still open (the manager forgets those closed or idle)."""
        live = getattr(self.manager, "_server_instances", {})
        found = self.sessions[tenant] = {s for s in self.sessions.get(tenant, ()) if s in live}
        return found

    async def _opening(self, tenant: str, scope: Scope, receive: Receive, send: Send
                       ) -> None:
        """A request that opens a session: refused past the tenant's share; its id noted."""
        opened = self._open(tenant)
        if len(opened) >= SESSIONS_PER_TENANT[self.kind]:
            await _refused_with(429, "mcp-sessions", "Too many MCP sessions", f"at most "
                                f"{SESSIONS_PER_TENANT[self.kind]} sessions open at once: "
                                f"close one (DELETE) or let one expire")(scope, receive, send)
            return

        async def noting(message: Any) -> None:
            if message["type"] == "http.response.start":
                for name, value in message.get("headers", []):
                    if name.lower() == _SESSION_HEADER:
                        opened.add(value.decode())
            await send(message)
        await self.inner(scope, receive, noting)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = bearer_of(Headers(scope=scope))
        what = "an API key" if self.kind == "api_key" else "a portal link's token"
        if token is None:
            await _refused(f"send {what} as 'Authorization: Bearer <token>'")(
                scope, receive, send)
            return
        try:
            found = await run_in_threadpool(_verified, self.kind, token)
        except Unauthorized as exc:
            await _refused(exc.detail or "not a valid token")(scope, receive, send)
            return
        scope.setdefault("state", {})[_ACCESS] = found
        if Headers(scope=scope).get("mcp-session-id") is None and scope["method"] == "POST":
            await self._opening(_tenant(self.kind, found), scope, receive, send)
            return
        await self.inner(scope, receive, send)


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
