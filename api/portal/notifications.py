"""Portal pages: who hears of the Consumer's endpoints' failures (its `contacts`, set here
by the Consumer itself, with the API's rules: `services/notice_channels`), what a notice
says (a preview, nothing sent), and the unsubscribe link every notice e-mail carries
(`services/failure_notices`), which needs no session: its token names one address."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session

from api.deps import SenderDep, SessionDep, TemporalDep
from api.dispatch import wake_cancelled
from api.portal.auth import ChangeDep, Form, PortalDep
from api.portal.notices import after, form_of, shown, status_of, typed
from api.portal.web import PortalRoute, render
from hookline.errors import ValidationFailed
from hookline.persistence.db import committed
from hookline.persistence.models import Consumer
from hookline.services import consumers, failure_notices, notice_channels
from hookline.services import notice_texts as texts
from hookline.usecases import contacts

router = APIRouter(route_class=PortalRoute)
PAGE = "/portal/notifications"


def _contacts_of(form: Form) -> dict[str, Any]:
    emails = [line.strip() for line in form.get("emails").splitlines() if line.strip()]
    return {"emails": emails, "slackUrl": form.get("slack_url").strip() or None,
            "teamsUrl": form.get("teams_url").strip() or None}


def _draft(contacts: dict[str, Any] | None) -> dict[str, str]:
    contacts = contacts or {}
    return {"emails": "\n".join(contacts.get("emails", [])),
            "slack_url": contacts.get("slackUrl") or "",
            "teams_url": contacts.get("teamsUrl") or ""}


def _page_facts(session: Session, env_id: str, consumer_id: str, kind: str
                ) -> tuple[Consumer, dict[str, Any]]:
    consumer = consumers.get_consumer(session, env_id, consumer_id)
    return consumer, failure_notices.preview(session, env_id, consumer, kind)


@router.get("/notifications")
async def page(request: Request, found: PortalDep, session: SessionDep,
               preview: str = texts.FAILING) -> Response:
    """The contacts form, and a preview of one kind of notice as each channel shows it."""
    kind = preview if preview in texts.TYPES else texts.FAILING
    notice = await shown(request, session, found) or {}
    consumer, said = await run_in_threadpool(committed, session, _page_facts,
                                             found.access.environment_id,
                                             found.access.consumer_id, kind)
    refused = notice.get("refused")
    draft = form_of(notice).fields if refused else None
    return render(request, "notifications.html", found, status=status_of(notice),
                  draft={k: (v[0] if v else "") for k, v in draft.items()} if draft
                  else _draft(notice_channels.masked(consumer.contacts)
                              if found.access.read_only else consumer.contacts),
                  refused=refused, saved=notice.get("kind") == "saved", kind=kind,
                  kinds=texts.TYPES, preview=said)


@router.post("/notifications")
async def save(changed: ChangeDep, session: SessionDep, sender: SenderDep,
               temporal: TemporalDep) -> Response:
    access = changed.access
    try:
        given = await contacts.checked(sender, _contacts_of(changed.form),
                                       access.requires_https)
        _consumer, cancelled = await run_in_threadpool(
            contacts.save, session, access.environment_id, access.consumer_id, given)
    except ValidationFailed as exc:
        return await after(session, changed, PAGE, {
            "kind": "refused", "status": 422, "form": typed(changed.form),
            "refused": exc.detail or exc.title})
    await wake_cancelled(temporal, cancelled)
    return await after(session, changed, PAGE, {"kind": "saved"})


@router.get("/unsubscribe/{channel_id}")
async def unsubscribe_page(request: Request, channel_id: str, session: SessionDep,
                           token: str = "") -> Response:
    """Asks before it unsubscribes: a mail scanner that follows the link changes nothing."""
    found = await run_in_threadpool(committed, session, failure_notices.unsubscribing,
                                    channel_id, token)
    return render(request, "unsubscribe.html", address=found.address,
                  consumer=found.consumer.name, channel_id=channel_id, token=token,
                  done=False)


@router.post("/unsubscribe/{channel_id}")
async def unsubscribe(request: Request, channel_id: str, session: SessionDep,
                      temporal: TemporalDep, token: str = "") -> Response:
    """The page's button, and a mail client's one-click unsubscribe (RFC 8058) alike."""
    found, cancelled = await run_in_threadpool(committed, session,
                                               failure_notices.unsubscribe, channel_id, token)
    await wake_cancelled(temporal, cancelled)
    return render(request, "unsubscribe.html", address=found.address,
                  consumer=found.consumer.name, done=True)
