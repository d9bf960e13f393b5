"""Portal pages: the Consumer's endpoints. Every change goes through the API's use cases
and rules (`usecases/targets`, `services/endpoints`), after the portal's own checks
(`services/portal`). An endpoint is of any kind the environment allows (`targetKinds`):
an HTTP receiver or a broker (`kinds`, `sign_in`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, cast

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse
from sqlmodel import Session

from api.deps import SenderDep, SessionDep, TemporalDep, tenant_code_of
from api.dispatch import wake_cancelled
from api.portal.auth import ChangeDep, Form, PortalDep
from api.portal.credentials import Credentials
from api.portal.kinds import Destination, Sections, offered
from api.portal.notices import after, form_of, shown, status_of, typed
from api.portal.sign_in import FIELD_OF, SignIn
from api.portal.web import Portal, PortalRoute, render
from hookline.contracts import AttemptResult
from hookline.errors import ValidationFailed, invalid
from hookline.outcome_sentences import explain
from hookline.persistence.db import committed
from hookline.persistence.models import Endpoint
from hookline.services import endpoints, polling, portal
from hookline.services.headers import check_headers, masked
from hookline.services.patch import KEEP
from hookline.services.target_credentials import Broker
from hookline.services.targets import (
    TargetPatch,
    TargetRow,
    check_kind,
    check_patch_urls,
    check_token_url,
    check_url,
)
from hookline.settings import get_settings
from hookline.signing import V1, V1A, scheme_of, verifying_key
from hookline.target_kinds import POLLING, POLLING_URL, is_polling
from hookline.usecases import targets

router = APIRouter(route_class=PortalRoute)


@dataclass(frozen=True)
class Draft:
    """An endpoint form as typed, to show again with its error."""

    url: str = ""
    description: str = ""
    events: list[str] = field(default_factory=list)
    headers: str = ""
    filter: str = ""  # CEL; empty: none
    scheme: str = V1  # chosen at creation; a rotation switches it afterwards
    credentials: Credentials = field(default_factory=Credentials)  # OAuth2 and TLS
    sign_in: SignIn = field(default_factory=SignIn)  # a broker's
    ordered: bool = False  # `ordering`: its lines, their key, and what an exhausted head does
    order_key: str = ""
    on_exhausted: str = "block"
    batched: bool = False  # `batch`: up to batch_size events in one request
    batch_size: str = "100"
    batch_wait_ms: str = "1000"
    polling: bool = False  # pulled by the Consumer: no URL, nothing sent (`services/polling`)

    @classmethod
    def of(cls, form: Form) -> Draft:
        return cls(url=form.get("url").strip(), description=form.get("description").strip(),
                   polling=form.get("kind") == POLLING,
                   events=form.all("events"), headers=form.get("headers"),
                   filter=form.get("filter").strip(), scheme=form.get("scheme", V1),
                   credentials=Credentials.of(form), sign_in=SignIn.of(form),
                   ordered=form.get("ordered") == "yes",
                   order_key=form.get("order_key").strip(),
                   on_exhausted=form.get("on_exhausted", "block"),
                   batched=form.get("batched") == "yes",
                   batch_size=form.get("batch_size").strip(),
                   batch_wait_ms=form.get("batch_wait_ms").strip())

    @property
    def filter_or_none(self) -> str | None:
        return self.filter or None

    def ordering(self) -> dict[str, str | None] | None:
        """The API's `ordering`, checked by its rules (`lines.check`) when saved."""
        if not self.ordered:
            return None
        return {"key": self.order_key or None, "onExhausted": self.on_exhausted}

    def batch(self) -> dict[str, object] | None:
        """The API's `batch`, checked by its rules (`batches.check`) when saved: what is not
        a whole number is refused there, as typed."""
        if not self.batched:
            return None
        return {"maxSize": _whole(self.batch_size), "maxWaitMs": _whole(self.batch_wait_ms)}

    def header_dict(self) -> dict[str, str]:
        """One `Name: value` per line, checked by the API's header rules."""
        found: dict[str, str] = {}
        for line in self.headers.splitlines():
            if not line.strip():
                continue
            name, colon, value = line.partition(":")
            if not colon:
                raise invalid("headers", f"write each header as 'Name: value' ({line!r})")
            found[name.strip()] = value.strip()
        return check_headers(found)


def _draft_of(row: TargetRow) -> Draft:
    e = cast(Endpoint, row.target)
    return Draft(url="" if is_polling(e.url) else e.url, polling=is_polling(e.url),
                 description=e.description or "", events=list(e.events),
                 headers="\n".join(f"{k}: {v}" for k, v in masked(e.custom_headers).items()),
                 filter=e.filter or "", credentials=Credentials.stored(e.auth, e.tls),
                 sign_in=SignIn.stored(e.credentials, e.endpoint_override),
                 ordered=e.ordering is not None,
                 order_key=(e.ordering or {}).get("key") or "",
                 on_exhausted=(e.ordering or {}).get("onExhausted", "block"),
                 batched=e.batch is not None,
                 batch_size=str((e.batch or {}).get("maxSize", 100)),
                 batch_wait_ms=str((e.batch or {}).get("maxWaitMs", 1000)))


def _whole(typed: str) -> object:
    return int(typed) if typed.isdigit() else typed


@dataclass(frozen=True)
class Refusal:
    """A 422 as the form shows it: its message above the form, and next to the field it
    names (`at`, the form's field name; "" when the form has no such field)."""

    message: str
    at: str = ""
    near: str = ""  # the message without the API's field name, to show next to the field

    @classmethod
    def of(cls, exc: ValidationFailed) -> Refusal:
        named = (exc.errors or [{}])[0].get("field", "")
        at = FIELD_OF.get(named, named if named in ("url", "credentials") else "")
        detail = exc.detail or exc.title
        return cls(detail, at, detail.removeprefix(f"{named}: "))

    def notice(self, form: Form) -> dict[str, Any]:
        """The refused form, as typed, for the page the form redirects to."""
        return {"kind": "refused", "status": 422, "form": typed(form), "refused": asdict(self)}


async def _form(request: Request, found: Portal, session: Session, draft: Draft, *,
                row: TargetRow | None = None, refused: Refusal | None = None,
                status: int = 200, **extra: object) -> Response:
    types = await run_in_threadpool(committed, session, portal.catalogue, found.access)
    recent = await run_in_threadpool(committed, session, portal.recent_events,
                                     found.access) if row else []
    key = row.target.secret if row else ""
    allowed = found.access.target_kinds
    pull = await run_in_threadpool(committed, session, polling.standing,
                                   cast(Endpoint, row.target)) \
        if row and is_polling(row.target.url) else None
    return render(request, "endpoint.html" if row else "endpoint_new.html", found, pull=pull,
                  window=get_settings().poll_window,
                  status=status, draft=draft, types=types, row=row, recent=recent,
                  error=refused.message if refused else None, refused=refused or Refusal(""),
                  kinds=offered(allowed),
                  sections=Sections.of(allowed, draft.url, row.target.url if row else ""),
                  destination=Destination.of(row.target) if row else None,
                  explain=explain, scheme=scheme_of(key),
                  public_key=verifying_key(key) if scheme_of(key) == V1A else None, **extra)


@router.get("/")
@router.get("/endpoints")
def list_page(request: Request, found: PortalDep, session: SessionDep) -> Response:
    rows = portal.own_endpoints(session, found.access)
    return render(request, "endpoints.html", found, rows=rows)


@router.get("/endpoints/new")
async def new_page(request: Request, found: PortalDep, session: SessionDep) -> Response:
    notice = await shown(request, session, found)
    if notice is None or notice["kind"] != "refused":
        polled = request.query_params.get("kind") == POLLING
        return await _form(request, found, session, Draft(polling=polled), pull_form=polled)
    draft = Draft.of(form_of(notice))
    return await _form(request, found, session, draft, refused=Refusal(**notice["refused"]),
                       status=422, pull_form=draft.polling)


@router.post("/endpoints")
async def create(request: Request, changed: ChangeDep, session: SessionDep,
                 sender: SenderDep) -> Response:
    access, draft = changed.access, Draft.of(changed.form)
    try:
        portal.check_events(access, draft.events)
        if draft.polling:
            row = await run_in_threadpool(
                committed, session, endpoints.create_endpoint, access.environment_id,
                consumer=access.consumer_id, url=POLLING_URL, events=draft.events,
                description=draft.description or None, headers=None, secret=None,
                filter=draft.filter_or_none)
            return await after(session, changed, f"/portal/endpoints/{row.target.id}/secret",
                               {"kind": "secret", "created": True}, once=True)
        headers = draft.header_dict()
        if not draft.url:
            raise invalid("url", "is required")
        auth, tls = draft.credentials.auth(), draft.credentials.tls()
        broker = Broker(draft.sign_in.credentials(), draft.sign_in.override())
        # A kind the environment forbids is told as such, before its host is looked up.
        await run_in_threadpool(committed, session, check_kind, access.environment_id,
                                draft.url)
        await check_url(sender, draft.url, access.requires_https,
                        endpoint_override=broker.endpoint_override)
        await check_token_url(sender, auth, access.requires_https)
        row = await run_in_threadpool(committed, session, endpoints.create_endpoint,
                                      access.environment_id, consumer=access.consumer_id,
                                      url=draft.url, events=draft.events,
                                      description=draft.description or None, headers=headers,
                                      secret=None, filter=draft.filter_or_none,
                                      signature_scheme=draft.scheme, auth=auth, tls=tls,
                                      broker=broker, ordering=draft.ordering(),
                                      batch=draft.batch())
    except ValidationFailed as exc:
        return await after(session, changed, "/portal/endpoints/new",
                           Refusal.of(exc).notice(changed.form))
    return await after(session, changed, f"/portal/endpoints/{row.target.id}/secret",
                       {"kind": "secret", "created": True}, once=True)


@router.get("/endpoints/{endpoint_id}/secret")
async def secret_page(request: Request, endpoint_id: str, found: PortalDep,
                      session: SessionDep) -> Response:
    """The signing key a creation or a rotation just made, shown once: reloaded, the
    endpoint's page."""
    endpoint = await run_in_threadpool(committed, session, portal.own_endpoint, found.access,
                                       endpoint_id)
    notice = await shown(request, session, found)
    if notice is None or notice["kind"] != "secret":
        return RedirectResponse(f"/portal/endpoints/{endpoint_id}", status_code=303)
    return render(request, "secret.html", found, endpoint=endpoint,
                  secret=verifying_key(endpoint.secret), created=notice["created"])


@router.get("/endpoints/{endpoint_id}")
async def show(request: Request, endpoint_id: str, found: PortalDep,
               session: SessionDep) -> Response:
    row = await run_in_threadpool(committed, session, portal.own_endpoint_row, found.access,
                                  endpoint_id)
    saved = request.query_params.get("saved") == "1"
    notice = await shown(request, session, found)
    kind = (notice or {}).get("kind")
    if notice is None or kind not in ("refused", "tested", "previewed"):
        return await _form(request, found, session, _draft_of(row), row=row, saved=saved,
                           renewed=kind == "token")
    if kind == "tested":
        return await _form(request, found, session, _draft_of(row), row=row,
                           tested=AttemptResult(**notice["result"]))
    draft = Draft.of(form_of(notice))
    if kind == "refused":
        return await _form(request, found, session, draft, row=row,
                           refused=Refusal(**notice["refused"]), status=status_of(notice))
    return await _previewed(request, found, session, draft, row, notice["event"])


@router.post("/endpoints/{endpoint_id}")
async def edit(request: Request, endpoint_id: str, changed: ChangeDep, session: SessionDep,
               sender: SenderDep) -> Response:
    access, draft = changed.access, Draft.of(changed.form)
    row = await run_in_threadpool(committed, session, portal.own_endpoint_row, access, endpoint_id)
    try:
        portal.check_events(access, draft.events)
        if not draft.url and not is_polling(row.target.url):
            raise invalid("url", "is required")
        patch = _patch(draft, row)
        # The URL and the override are looked up again only when they change: an endpoint
        # saved before keeps being editable (its kind too, if since forbidden).
        await check_patch_urls(sender, patch, row.target, access.requires_https)
        await run_in_threadpool(targets.update, session, Endpoint, access.environment_id,
                                endpoint_id, patch)
    except ValidationFailed as exc:
        return await after(session, changed, f"/portal/endpoints/{endpoint_id}",
                           Refusal.of(exc).notice(changed.form))
    return RedirectResponse(f"/portal/endpoints/{endpoint_id}?saved=1", status_code=303)


def _patch(draft: Draft, row: TargetRow) -> TargetPatch:
    """The form as the API's patch: every field it shows, the URL and the override only
    when changed. A polling endpoint's shows only what it has."""
    stored, override = row.target, draft.sign_in.override()
    if is_polling(stored.url):
        return TargetPatch(events=draft.events, description=draft.description or None,
                           filter=draft.filter_or_none)
    return TargetPatch(url=draft.url if draft.url != stored.url else None,
                       events=draft.events, description=draft.description or None,
                       headers=draft.header_dict(), filter=draft.filter_or_none,
                       auth=draft.credentials.auth(), tls=draft.credentials.tls(),
                       credentials=draft.sign_in.credentials(),
                       endpoint_override=override if override != stored.endpoint_override
                       else KEEP, ordering=draft.ordering(), batch=draft.batch())


@router.post("/endpoints/{endpoint_id}/status")
async def set_status(endpoint_id: str, changed: ChangeDep, session: SessionDep,
                     temporal: TemporalDep) -> Response:
    access = changed.access
    await run_in_threadpool(portal.own_endpoint, session, access, endpoint_id)
    wanted = "disabled" if changed.form.get("status") == "disabled" else "enabled"
    _, cancelled = await run_in_threadpool(targets.update, session, Endpoint,
                                           access.environment_id, endpoint_id,
                                           TargetPatch(status=wanted))
    await wake_cancelled(temporal, cancelled)
    return RedirectResponse(f"/portal/endpoints/{endpoint_id}", status_code=303)


@router.post("/endpoints/{endpoint_id}/delete")
async def delete(endpoint_id: str, changed: ChangeDep, session: SessionDep,
                 temporal: TemporalDep) -> Response:
    access = changed.access
    await run_in_threadpool(portal.own_endpoint, session, access, endpoint_id)
    cancelled = await run_in_threadpool(targets.delete, session, Endpoint,
                                        access.environment_id, endpoint_id)
    await wake_cancelled(temporal, cancelled)
    return RedirectResponse("/portal/endpoints", status_code=303)


@router.post("/endpoints/{endpoint_id}/rotate")
async def rotate(endpoint_id: str, changed: ChangeDep, session: SessionDep) -> Response:
    access = changed.access
    await run_in_threadpool(portal.own_endpoint, session, access, endpoint_id)
    # A rotation to the other scheme is how a consumer switches (`scheme` names it).
    scheme = changed.form.get("scheme") or None
    await run_in_threadpool(targets.rotate_secret, session, Endpoint, access.environment_id,
                            endpoint_id, scheme=scheme)
    return await after(session, changed, f"/portal/endpoints/{endpoint_id}/secret",
                       {"kind": "secret", "created": False}, once=True)


@router.post("/endpoints/{endpoint_id}/poll-token")
async def new_poll_token(endpoint_id: str, changed: ChangeDep, session: SessionDep
                         ) -> Response:
    """A polling endpoint's new token: the old one pulls nothing more."""
    access = changed.access
    await run_in_threadpool(committed, session, portal.own_endpoint, access, endpoint_id)
    await run_in_threadpool(committed, session, endpoints.rotate_poll_token,
                            access.environment_id, endpoint_id)
    return await after(session, changed, f"/portal/endpoints/{endpoint_id}",
                       {"kind": "token"})


@router.post("/endpoints/{endpoint_id}/test")
async def test(endpoint_id: str, changed: ChangeDep, session: SessionDep,
               sender: SenderDep) -> Response:
    access = changed.access
    await run_in_threadpool(committed, session, portal.own_endpoint, access, endpoint_id)
    out = await run_in_threadpool(committed, session, endpoints.test_outgoing,
                                  access.environment_id, endpoint_id, access.requires_https)
    result = await sender.send(out)
    return await after(session, changed, f"/portal/endpoints/{endpoint_id}",
                       {"kind": "tested", "result": asdict(result)})


@router.post("/endpoints/{endpoint_id}/preview")
async def preview(endpoint_id: str, changed: ChangeDep, session: SessionDep) -> Response:
    """The filter as typed (not saved), to try on one of the Consumer's recent events: the
    page it leads to runs it (a read), and shows the edit form again, as typed."""
    await run_in_threadpool(committed, session, portal.own_endpoint, changed.access,
                            endpoint_id)
    return await after(session, changed, f"/portal/endpoints/{endpoint_id}",
                       {"kind": "previewed", "form": typed(changed.form),
                        "event": changed.form.get("event") or None})


async def _previewed(request: Request, found: Portal, session: Session, draft: Draft,
                     row: TargetRow, chosen: str | None) -> Response:
    """The edit form as typed, with what the endpoint would be sent of `chosen`."""
    try:
        tenant = tenant_code_of(request)
        result = await tenant.run(found.access.environment_id, committed, session,
                                  portal.preview, found.access, row.target.id, chosen,
                                  draft.filter_or_none, tenant.transforms)
    except ValidationFailed as exc:
        return await _form(request, found, session, draft, row=row, refused=Refusal.of(exc),
                           status=422)
    return await _form(request, found, session, draft, row=row, previewed=result,
                       previewed_event=chosen)
