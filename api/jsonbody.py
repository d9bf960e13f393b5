"""JSON request bodies, for the routes FastAPI parses (through `JSONRoute`), decoded by the
one decoder (`hookline.json_text`), whose refusals are 422s (an unknown charset a 415)
rather than a 500.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from hookline.errors import DomainError
from hookline.json_text import decode


class BodyRejected(HTTPException):
    """Carries a refusal through FastAPI's body parsing, which passes on HTTPExceptions only
    (anything else it turns into a bare 400); `api/errors.py` renders `error`."""

    def __init__(self, error: DomainError) -> None:
        super().__init__(error.status, error.detail)
        self.error = error


class _DecodedRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                self._json = decode(await self.body(), self.headers.get("content-type"))
            except DomainError as exc:
                raise BodyRejected(exc) from None
        return self._json


class JSONRoute(APIRoute):
    """A route whose JSON body goes through `decode` (FastAPI's documented way to change how
    a route reads its request)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def decoded(request: Request) -> Response:
            return await handler(_DecodedRequest(request.scope, request.receive))

        return decoded
