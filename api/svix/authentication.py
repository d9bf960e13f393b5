"""Svix's authentication operations: app-portal access answers with a magic link of
Hookline's consumer portal (`url` opens it; `token` is the link's token), and logout
answers as Svix's open-source server does, 501."""

from __future__ import annotations

from fastapi import APIRouter, Body
from sqlmodel import Session

from api.deps import SessionDep
from api.jsonbody import JSONRoute
from api.svix.app_in_body import make_if_missing
from api.svix.deps import AuthDep
from api.svix.errors import NotImplementedHere
from api.svix.schemas.auth import EXPIRY_MAX, AppPortalAccessIn, AppPortalAccessOut
from hookline.persistence.db import committed
from hookline.services import portal

router = APIRouter(prefix="/auth", tags=["Authentication"], route_class=JSONRoute)


@router.post("/app-portal-access/{app_id}")
def app_portal_access(app_id: str, auth: AuthDep, session: SessionDep,
                      body: AppPortalAccessIn | None = Body(default=None)
                      ) -> AppPortalAccessOut:
    token = committed(session, _portal_token, auth.environment_id, app_id,
                      body or AppPortalAccessIn())
    return AppPortalAccessOut(url=portal.link_url(token), token=token)


def _portal_token(session: Session, env_id: str, app_id: str, body: AppPortalAccessIn) -> str:
    """A link for the application, made first from `body.application` when `app_id` names
    none (whose uid must then be `app_id`, as in Svix)."""
    make_if_missing(session, env_id, app_id, body.application)
    _, token = portal.create_link(session, env_id, app_id,
                                  expires_in=body.expiry or EXPIRY_MAX,
                                  read_only=body.read_only, types=None)
    return token


@router.post("/logout")
def logout() -> None:
    raise NotImplementedHere("This API endpoint is not yet implemented.")
