"""POST, redirect, GET for every portal form: a form leaves what it came to as a notice
(`services/portal_notices`) and redirects (303) to the page that shows it. Reloading that
page shows the notice again (or, once read, the page without it); it never sends the form
again."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse
from sqlmodel import Session

from api.portal.auth import Change, Form
from api.portal.web import Portal
from hookline.persistence.db import committed
from hookline.services import portal_notices

# What a form came back with is kept as typed, but never what is write-only: the form shows
# those blank anyway, so they are not kept, even sealed.
_WRITE_ONLY = frozenset({"csrf", "client_secret", "private_key", "client_key",
                         "broker_password", "aws_secret_access_key", "aws_session_token"})


def typed(form: Form) -> dict[str, list[str]]:
    """A form's fields to show again, its write-only ones left out."""
    return {name: values for name, values in form.fields.items() if name not in _WRITE_ONLY}


def form_of(notice: dict[str, Any]) -> Form:
    return Form({name: list(values) for name, values in notice.get("form", {}).items()})


async def after(session: Session, changed: Change, path: str, body: dict[str, Any], *,
                once: bool = False) -> RedirectResponse:
    """The redirect to `path`, whose page shows `body`."""
    notice = await run_in_threadpool(committed, session, portal_notices.leave,
                                     changed.access, path, body, once=once)
    return RedirectResponse(f"{path}?notice={notice}", status_code=303)


async def shown(request: Request, session: Session, found: Portal) -> dict[str, Any] | None:
    """The notice this page was redirected to show, if it still lives: one left for another
    page (another endpoint's, another Delivery's) is none of this one's."""
    return await run_in_threadpool(committed, session, portal_notices.read, found.access,
                                   request.url.path, request.query_params.get("notice"))


def status_of(notice: dict[str, Any] | None) -> int:
    """A page answers with the status of what it shows: a refusal's 409 or 422."""
    return int((notice or {}).get("status", 200))
