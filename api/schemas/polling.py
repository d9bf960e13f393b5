"""A polling endpoint's pulls: a page of messages, a commit, a seek."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, AsInt32, Timestamp
from hookline.services.polling import PAGE_MAX, Committed, Page, Polled

CURSOR_DOC = ("Opaque: where a page ends. Pass it as `cursor` for the next page, and commit "
              "it once the page is processed")
PollLimit = Annotated[int, Query(ge=1, le=PAGE_MAX), AsInt32]


class PolledMessage(ApiModel):
    """One message as a push would have sent it: verify `body` with `headers` as a webhook."""

    id: str = Field(description="The Delivery's id")
    status: str = Field(description="`pending` until a commit covers it, then `delivered` "
                        "(shown again after a seek back)")
    event_id: str
    event_type: str
    timestamp: Timestamp = Field(description="When the event was published")
    body: str = Field(description="The body a push would send, byte for byte")
    headers: dict[str, str] = Field(description="The signature headers a push would send "
                                    "(webhook-id, webhook-timestamp, webhook-signature, or "
                                    "the endpoint's svix-* names), signed now, and the "
                                    "content type")

    @classmethod
    def of(cls, polled: Polled) -> PolledMessage:
        return cls(id=polled.delivery_id, status=polled.status, event_id=polled.event_id,
                   event_type=polled.event_type, timestamp=polled.created_at,
                   body=polled.body, headers=polled.headers)


class PollPage(ApiModel):
    data: list[PolledMessage]
    cursor: str | None = Field(description=CURSOR_DOC + "; null before anything was pulled")
    done: bool = Field(description="Nothing more to pull now")

    @classmethod
    def of(cls, page: Page) -> PollPage:
        return cls(data=[PolledMessage.of(m) for m in page.messages], cursor=page.cursor,
                   done=page.done)


class CommitIn(ApiInput):
    cursor: str = Field(max_length=64, description="A page's `cursor`: everything up to it "
                        "is processed")


class CommitOut(ApiModel):
    cursor: str | None = Field(description="The committed cursor now: the one given, or "
                               "short of it when more than 5,000 waited up to it (commit "
                               "again), or the one before when it was behind")
    delivered: int = Field(description="The Deliveries this commit ended `delivered`")

    @classmethod
    def of(cls, committed: Committed) -> CommitOut:
        return cls(cursor=committed.cursor, delivered=len(committed.delivered))


class SeekIn(ApiInput):
    after: Timestamp = Field(description="Pull next the messages of events published at "
                             "this time or later, delivered ones included")


class SeekOut(ApiModel):
    cursor: str = Field(description="The committed cursor now")
