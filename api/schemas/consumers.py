from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field, field_serializer

from api.schemas.common import ApiInput, ApiModel, MaybeTimestamp, Timestamp
from hookline.services.notice_texts import TYPES
from hookline.timeutil import iso

Name200 = Field(min_length=1, max_length=200)


class Timestamped(ApiModel):
    created_at: datetime

    @field_serializer("created_at")
    def _iso(self, value: datetime) -> str | None:
        return iso(value)


class Contacts(ApiInput):
    """Who hears of the Consumer's endpoints' failures (failure notices)."""

    emails: list[str] = Field(default_factory=list, max_length=5,
                              description="Up to 5 e-mail addresses")
    slack_url: str | None = Field(default=None, max_length=2000,
                                  description="A Slack incoming-webhook URL")
    teams_url: str | None = Field(default=None, max_length=2000,
                                  description="A Microsoft Teams workflow URL")

    def stored(self) -> dict[str, Any]:
        return {"emails": self.emails, "slackUrl": self.slack_url, "teamsUrl": self.teams_url}


class ContactsOut(ApiModel):
    emails: list[str]
    slack_url: str | None
    teams_url: str | None


class ConsumerIn(ApiInput):
    external_id: str = Name200
    name: str = Name200
    contacts: Contacts | None = None


class ConsumerPatch(ApiInput):
    name: str | None = Field(default=None, min_length=1, max_length=200)
    contacts: Contacts | None = Field(default=None, description="null: nobody is told")


class ConsumerOut(Timestamped):
    id: str
    external_id: str
    name: str
    contacts: ContactsOut | None = None

    @classmethod
    def of(cls, consumer: Any) -> ConsumerOut:
        contacts = consumer.contacts or None
        return cls(id=consumer.id, external_id=consumer.external_id, name=consumer.name,
                   created_at=consumer.created_at,
                   contacts=ContactsOut(emails=contacts.get("emails", []),
                                        slack_url=contacts.get("slackUrl"),
                                        teams_url=contacts.get("teamsUrl"))
                   if contacts else None)


NoticeType = Literal["endpoint.failing", "endpoint.disabled", "endpoint.recovered", "digest"]
assert set(NoticeType.__args__) == set(TYPES)  # type: ignore[attr-defined]


class NoticeDelivery(ApiModel):
    id: str
    status: str
    attempts: int
    last_attempt_at: MaybeTimestamp = None
    next_attempt_at: MaybeTimestamp = None


class NoticeOut(ApiModel):
    """A failure notice sent on one channel, and the Delivery that carries it."""

    id: str
    type: NoticeType
    channel: Literal["email", "slack", "teams"]
    recipient: str = Field(description="The address, or the Slack or Teams URL's host")
    endpoint_id: str | None
    delivery: NoticeDelivery | None
    created_at: Timestamp


class NoticePreviewIn(ApiInput):
    type: NoticeType = "endpoint.failing"


class NoticePreviewOut(ApiModel):
    subject: str
    email: dict[str, Any]
    slack: dict[str, Any]
    teams: dict[str, Any]
