"""Every error leaves the API as application/problem+json, rendered here and nowhere else;
but those of a path another API's dialect owns, in its shapes: the app installs the Svix
layer's (`api/svix/errors.py`, for /api/v1) with these handlers."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Protocol

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import DBAPIError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from api.jsonbody import BodyRejected
from hookline.errors import (
    DomainError,
    MethodNotAllowed,
    NotFound,
    Unavailable,
    ValidationFailed,
)

log = logging.getLogger("hookline.api")
PROBLEM = "application/problem+json"


class Dialect(Protocol):
    """Another API's error shapes, for the paths it owns."""

    def owns(self, path: str) -> bool: ...

    def render(self, error: DomainError, headers: dict[str, str] | None = None
               ) -> JSONResponse: ...

    def render_validation(self, errors: Sequence[Any]) -> JSONResponse: ...


def _dialect(request: Request) -> Dialect | None:
    """The dialect that owns the request's path, of those `install` was given."""
    given: Sequence[Dialect] = getattr(request.app.state, "error_dialects", ())
    return next((found for found in given if found.owns(request.url.path)), None)


def problem_response(error: DomainError, request: Request | None = None) -> JSONResponse:
    instance = request.url.path if request is not None else None
    headers = dict(error.headers)
    if error.status == 401:
        headers.setdefault("WWW-Authenticate", 'Bearer realm="hookline"')
    if request is not None and (dialect := _dialect(request)) is not None:
        return dialect.render(error, headers)
    return JSONResponse(error.body(instance), status_code=error.status,
                        media_type=PROBLEM, headers=headers)


def _field(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    return ".".join(parts) or str(loc[-1] if loc else "")


def _message(error: Any) -> str:
    if error.get("type") == "extra_forbidden":
        return "unknown field: this request does not take it (check its spelling)"
    return str(error.get("msg", ""))


def validation_problem(exc: RequestValidationError) -> ValidationFailed:
    errors = [{"field": _field(tuple(e.get("loc", ()))), "message": _message(e)}
              for e in exc.errors()]
    if any(e.get("type") == "json_invalid" for e in exc.errors()):
        return ValidationFailed("the request body is not valid JSON", errors=errors)
    summary = "; ".join(f"{e['field']}: {e['message']}" for e in errors[:5])
    return ValidationFailed(summary or "invalid request", errors=errors)


def install(app: FastAPI, dialects: Sequence[Dialect] = ()) -> None:
    app.state.error_dialects = tuple(dialects)

    @app.exception_handler(DomainError)
    async def _domain(request: Request, exc: DomainError) -> JSONResponse:
        return problem_response(exc, request)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        if (dialect := _dialect(request)) is not None:
            return dialect.render_validation(exc.errors())
        return problem_response(validation_problem(exc), request)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        error: DomainError
        if isinstance(exc, BodyRejected):
            error = exc.error
        elif exc.status_code == 404:
            error = NotFound(f"no route for {request.method} {request.url.path}")
        elif exc.status_code == 405:
            error = MethodNotAllowed(f"{request.method} is not allowed on {request.url.path}")
        else:
            error = DomainError(str(exc.detail))
            error.status = exc.status_code
        return problem_response(error, request)

    @app.exception_handler(ClientDisconnect)
    async def _gone(request: Request, exc: ClientDisconnect) -> Response:
        # Nobody is left to answer: one line, not a traceback.
        log.info("client disconnected during %s %s", request.method, request.url.path)
        return Response(status_code=400)

    @app.exception_handler(OperationalError)
    async def _db_down(request: Request, exc: OperationalError) -> JSONResponse:
        log.warning("database unavailable: %s", exc.orig)
        return problem_response(Unavailable("the database is unavailable; try again"), request)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, DBAPIError) and exc.connection_invalidated:
            return problem_response(Unavailable("the database is unavailable"), request)
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        error = DomainError("an unexpected error occurred; it has been logged",
                            title="Internal server error", slug="internal")
        error.status = 500
        return problem_response(error, request)
