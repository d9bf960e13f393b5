"""Svix's app-portal access: a magic link of Hookline's consumer portal for one
application."""

from __future__ import annotations

from pydantic import Field

from api.svix.schemas.applications import ApplicationIn
from api.svix.schemas.common import SvixInput, SvixModel

EXPIRY_MIN, EXPIRY_MAX = 3600, 7 * 86400  # Svix's bounds; its default is the longest


class AppPortalAccessIn(SvixInput):
    """`application` creates the application when `{app_id}` names none. Svix's
    `featureFlags`, `capabilities` and `sessionId` are accepted and not used: no event
    type carries a feature flag here, and a link may do everything the portal offers
    unless `readOnly`."""

    application: ApplicationIn | None = None
    read_only: bool = False
    expiry: int | None = Field(default=None, ge=EXPIRY_MIN, le=EXPIRY_MAX,
                               description="seconds the link works for; 7 days when absent")
    feature_flags: list[str] = Field(default_factory=list)


class AppPortalAccessOut(SvixModel):
    url: str
    token: str
