"""The consumer portal's /v1 shapes: magic links and the environment's branding."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, AsInt32, MaybeTimestamp, Timestamp
from hookline.errors import invalid
from hookline.services.patch import KEEP
from hookline.services.portal import EXPIRES_DEFAULT, EXPIRES_MAX, EXPIRES_MIN, BrandingPatch


class PortalLinkIn(ApiInput):
    expires_in: Annotated[int | None, Field(ge=EXPIRES_MIN, le=EXPIRES_MAX,
                                            description=f"seconds; {EXPIRES_DEFAULT} when "
                                            "absent"), AsInt32] = None
    read_only: bool = False
    event_types: list[str] | None = Field(
        default=None, description="the event types the Consumer may subscribe to; all when "
        "absent")


class PortalLinkOut(ApiModel):
    url: str
    token: str
    expires_at: Timestamp


class PortalSettingsIn(ApiInput):
    name: str | None = Field(default=None, max_length=200)
    logo_url: str | None = Field(default=None, max_length=2000)
    accent_color: str | None = Field(default=None, description="#rrggbb")
    support_url: str | None = Field(default=None, max_length=2000,
                                    description="https://, shown in failure notices")
    notices_enabled: bool | None = Field(
        default=None, description="Whether Consumers' contacts are sent failure notices")
    failing_notice_hours: Annotated[int, Field(ge=1, le=720), AsInt32] | None = Field(
        default=None, description="Hours between two failing notices of one endpoint "
        "(null: 24)")

    def to_patch(self) -> BrandingPatch:
        given = self.model_fields_set
        if "notices_enabled" in given and self.notices_enabled is None:
            raise invalid("noticesEnabled", "must be true or false")
        return BrandingPatch(
            name=self.name if "name" in given else KEEP,
            logo_url=self.logo_url if "logo_url" in given else KEEP,
            accent_color=self.accent_color if "accent_color" in given else KEEP,
            support_url=self.support_url if "support_url" in given else KEEP,
            notices_enabled=KEEP if self.notices_enabled is None else self.notices_enabled,
            failing_notice_hours=self.failing_notice_hours
            if "failing_notice_hours" in given else KEEP)


class PortalSettingsOut(ApiModel):
    name: str | None
    logo_url: str | None
    accent_color: str | None
    support_url: str | None = None
    notices_enabled: bool = True
    failing_notice_hours: int | None = None
    updated_at: MaybeTimestamp = None
