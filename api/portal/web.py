"""What every portal page shares: templates, HTML error pages instead of problem+json, the
security headers, and who may frame what (`HOOKLINE_PORTAL_FRAME_ANCESTORS`)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse
from fastapi.routing import APIRoute
from jinja2 import Environment, FileSystemLoader, select_autoescape

from api.middleware import frame_ancestors
from api.portal.kinds import Destination, describe
from hookline.errors import DomainError
from hookline.persistence.models import PortalSettings
from hookline.services.portal import Access

log = logging.getLogger("hookline.portal")
HERE = Path(__file__).parent
TEMPLATES = Environment(loader=FileSystemLoader(HERE / "templates"),
                        autoescape=select_autoescape(default=True), trim_blocks=True,
                        lstrip_blocks=True)
# An endpoint's URL in words (a broker's kind and where), on every page that names one.
TEMPLATES.filters["describe"] = describe
TEMPLATES.filters["destination"] = Destination.of
DEFAULT_ACCENT = "#2f5bd3"


@dataclass(frozen=True)
class Portal:
    """A request's portal session: what it may do, its CSRF token, the branding."""

    access: Access
    csrf: str
    brand: PortalSettings


def _csp(nonce: str) -> str:
    # Everything from the API itself; a logo may come from any https address.
    return (f"default-src 'self'; img-src 'self' https: data:; style-src 'self' 'nonce-{nonce}';"
            f" script-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none';"
            f" frame-ancestors {frame_ancestors()}")


def render(request: Request, template: str, portal: Portal | None = None, *,
           status: int = 200, **context: Any) -> HTMLResponse:
    nonce = secrets.token_urlsafe(12)
    brand = portal.brand if portal else None
    html = TEMPLATES.get_template(template).render(
        request=request, portal=portal, access=portal.access if portal else None,
        csrf=portal.csrf if portal else "", nonce=nonce,
        brand_name=(brand.name if brand and brand.name else "Webhooks"),
        logo_url=brand.logo_url if brand else None,
        accent=(brand.accent_color if brand and brand.accent_color else DEFAULT_ACCENT),
        **context)
    return HTMLResponse(html, status_code=status, headers={
        "Content-Security-Policy": _csp(nonce), "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"})


def error_page(request: Request, error: DomainError, portal: Portal | None = None
               ) -> HTMLResponse:
    return render(request, "error.html", portal, status=error.status, title=error.title,
                  detail=error.detail or error.title)


class PortalRoute(APIRoute):
    """Errors of portal pages (their dependencies' too) become HTML pages, with the status
    the API would answer."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except DomainError as exc:
                return error_page(request, exc, getattr(request.state, "portal", None))
            except RequestValidationError:
                error = DomainError("the request's parameters are not valid",
                                    title="Invalid request")
                error.status = 422
                return error_page(request, error, getattr(request.state, "portal", None))

        return route
