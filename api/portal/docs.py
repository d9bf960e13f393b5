"""Portal pages: how to verify the signatures of the webhooks the Consumer receives
(Standard Webhooks, with the official libraries), and the HTML 404 of the portal."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.portal.auth import PortalDep
from api.portal.web import PortalRoute, error_page, render
from hookline.errors import NotFound

router = APIRouter(route_class=PortalRoute)


@router.get("/verify")
def verify(request: Request, found: PortalDep) -> Response:
    return render(request, "verify.html", found)


@router.api_route("/{rest:path}", methods=["GET", "POST"])
def missing(request: Request, rest: str) -> Response:
    return error_page(request, NotFound(f"there is no page /portal/{rest}"))
