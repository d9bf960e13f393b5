"""Portal sessions: opening a magic link sets a signed session cookie (the link's id and a
CSRF token) and drops the token from the address bar; each request checks the link again;
every form carries the CSRF token; read-only links change nothing (403)."""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Annotated
from urllib.parse import parse_qsl

from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from api import pagination
from api.deps import SessionDep
from api.middleware import frame_ancestors
from api.portal.web import Portal, PortalRoute, error_page
from hookline.errors import DomainError, Forbidden, Unauthorized, ValidationFailed
from hookline.persistence.db import committed
from hookline.services import portal
from hookline.services.portal import Access
from hookline.settings import get_settings
from hookline.timeutil import utcnow

COOKIE = "hookline_portal"
SCOPE = "portal-session"  # signed like cursors, with the instance secret, bound to this use
router = APIRouter(route_class=PortalRoute)


def _cookie_value(link_id: str, csrf: str) -> str:
    return pagination.encode(SCOPE, {"l": link_id, "c": csrf})


def _session_of(request: Request) -> tuple[str, str]:
    value = request.cookies.get(COOKIE)
    if not value:
        raise Unauthorized("no portal session: open the link you were given again")
    try:
        data = pagination.decode(SCOPE, value)
        return str(data["l"]), str(data["c"])
    except (ValidationFailed, KeyError, TypeError):
        raise Unauthorized("this portal session is not valid: open your link again") from None


def current(request: Request, session: SessionDep) -> Portal:
    link_id, csrf = _session_of(request)
    found = committed(session, portal.access, link_id)
    brand = portal.branding(session, found.environment_id)
    session.commit()
    request.state.portal = Portal(found, csrf, brand)
    return request.state.portal  # type: ignore[no-any-return]


PortalDep = Annotated[Portal, Depends(current)]


@dataclass(frozen=True)
class Form:
    """An urlencoded form body (every portal form): a field's values in order."""

    fields: dict[str, list[str]]

    def get(self, name: str, default: str = "") -> str:
        values = self.fields.get(name)
        return values[0] if values else default

    def all(self, name: str) -> list[str]:
        return self.fields.get(name, [])


@dataclass(frozen=True)
class Change:
    """A form that changes something, from a writable session, its CSRF token checked."""

    portal: Portal
    form: Form

    @property
    def access(self) -> Access:
        return self.portal.access


async def checked(request: Request, found: PortalDep) -> Change:
    """A form whose CSRF token matches the session's: every POST of the portal."""
    fields: dict[str, list[str]] = {}
    try:
        text = (await request.body()).decode()
    except UnicodeDecodeError:
        text = ""
    for name, value in parse_qsl(text, keep_blank_values=True):
        fields.setdefault(name, []).append(value)
    sent = fields.get("csrf", [""])[0]
    if not hmac.compare_digest(sent.encode(), found.csrf.encode()):
        raise Forbidden("the form's security token does not match this session; reload "
                        "the page and try again", title="Form expired")
    return Change(found, Form(fields))


async def change(changed: Annotated[Change, Depends(checked)]) -> Change:
    """A form that changes something: 403 from a read-only link."""
    portal.check_writable(changed.access)
    return changed


ChangeDep = Annotated[Change, Depends(change)]


def _https(request: Request) -> bool:
    """Served over https: said by the public URL (the API does not trust proxy headers)."""
    return request.url.scheme == "https" or get_settings().public_url.startswith("https://")


@router.get("/open")
async def open_link(request: Request, session: SessionDep, token: str = "",
                    next: str = "") -> Response:
    """The magic link: its token becomes a session cookie, and a redirect drops it from the
    address bar (and from the history); to `next`, when that is a portal page."""
    try:
        found = await run_in_threadpool(committed, session, portal.exchange, token)
    except DomainError as exc:
        return error_page(request, exc)
    answer = RedirectResponse(portal.landing(next), status_code=303,
                              headers={"Referrer-Policy": "no-referrer",
                                       "Cache-Control": "no-store"})
    seconds = max(1, int((found.expires_at - utcnow()).total_seconds()))
    # Framed on another site, the cookie must be SameSite=None (so Secure, and partitioned
    # per embedding site); otherwise Lax. Every form carries the CSRF token either way.
    https = _https(request)
    embedded = https and frame_ancestors() != "'none'"
    answer.set_cookie(COOKIE, _cookie_value(found.link_id, secrets.token_urlsafe(24)),
                      max_age=seconds, path="/portal", httponly=True, secure=https,
                      samesite="none" if embedded else "lax")
    if embedded:  # Starlette sets `Partitioned` only on Python 3.14+: add it to the header
        name, value = answer.raw_headers[-1]
        answer.raw_headers[-1] = (name, value + b"; Partitioned")
    return answer


@router.post("/logout")
async def logout(changed: Annotated[Change, Depends(checked)]) -> Response:
    del changed
    answer = RedirectResponse("/portal/signed-out", status_code=303)
    answer.delete_cookie(COOKIE, path="/portal")
    return answer


@router.get("/signed-out")
async def signed_out(request: Request) -> HTMLResponse:
    error = Unauthorized("you have left the portal; open your link again to come back",
                         title="Signed out")
    answer = error_page(request, error)
    answer.status_code = 200
    return answer
