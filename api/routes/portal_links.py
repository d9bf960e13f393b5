"""The consumer portal's /v1 side: magic links for a Consumer, and the environment's
portal branding. The pages themselves are `api/portal`."""

from __future__ import annotations

from fastapi import APIRouter, Body, Response

from api.deps import AuthDep, SessionDep
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.portal import (
    PortalLinkIn,
    PortalLinkOut,
    PortalSettingsIn,
    PortalSettingsOut,
)
from hookline.persistence.db import committed
from hookline.persistence.models import PortalSettings
from hookline.services import portal

router = APIRouter(prefix="/v1", tags=["portal"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


@router.post("/consumers/{ref}/portal", status_code=201, response_model=PortalLinkOut,
             responses=problems(404))
def create_portal_link(ref: str, auth: AuthDep, session: SessionDep,
                body: PortalLinkIn | None = Body(default=None)) -> PortalLinkOut:
    """A magic link that opens the consumer portal for this Consumer only (id or
    externalId). The token is shown here only; the link works until it expires or is
    revoked. `eventTypes` limits what the Consumer may subscribe to."""
    body = body or PortalLinkIn()
    link, token = committed(session, portal.create_link, auth.environment_id, ref,
                            expires_in=body.expires_in, read_only=body.read_only,
                            types=body.event_types)
    return PortalLinkOut(url=portal.link_url(token), token=token, expires_at=link.expires_at)


@router.delete("/consumers/{ref}/portal", status_code=204, responses=problems(404))
def revoke_portal_links(ref: str, auth: AuthDep, session: SessionDep) -> Response:
    """Revokes every portal link of the Consumer; their open sessions end at once."""
    committed(session, portal.revoke_links, auth.environment_id, ref)
    return Response(status_code=204)


def _settings_out(row: PortalSettings) -> PortalSettingsOut:
    return PortalSettingsOut.model_validate(row, from_attributes=True)


@router.get("/portal-settings", response_model=PortalSettingsOut)
def get_portal_settings(auth: AuthDep, session: SessionDep) -> PortalSettingsOut:
    """The portal's branding in this environment (name, logo, accent colour, support URL),
    and its failure notices' settings."""
    return _settings_out(portal.branding(session, auth.environment_id))


@router.patch("/portal-settings", response_model=PortalSettingsOut)
def update_portal_settings(body: PortalSettingsIn, auth: AuthDep,
                    session: SessionDep) -> PortalSettingsOut:
    """Absent fields stay; null clears one. `logoUrl` and `supportUrl` are https;
    `accentColor` #rrggbb. Failure notices to Consumers' contacts: `noticesEnabled`
    (true unless turned off), `failingNoticeHours` between two failing notices of one
    endpoint (null: 24); they show the name, the logo and the support URL."""
    return _settings_out(committed(session, portal.set_branding, auth.environment_id,
                                   body.to_patch()))
