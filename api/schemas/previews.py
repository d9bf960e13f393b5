"""Previews of what an endpoint or a destination would be sent (`services/previews`)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel
from hookline.services.patch import KEEP
from hookline.services.previews import Tried

FILTER_TRIED = ("An unsaved filter to try instead of the saved one (null: none); absent: "
                "the saved filter")
CODE_TRIED = ("An unsaved transformation to try instead of the saved one (null: none); "
              "absent: the saved one")


class TryIn(ApiInput):
    """What a preview runs: unsaved code where given (null: none), the saved code where
    absent."""

    filter: str | None = Field(default=None, description=FILTER_TRIED)
    transformation: str | None = Field(default=None, description=CODE_TRIED)

    def tried(self) -> Tried:
        given = self.model_fields_set
        return Tried(filter=self.filter if "filter" in given else KEEP,
                     transformation=self.transformation if "transformation" in given else KEEP)


class EventPreviewIn(TryIn):
    """A stored event (`eventId`), or a sample (`type` and `data`)."""

    free_form: ClassVar[frozenset[str]] = frozenset({"data"})
    event_id: str | None = Field(default=None, description="An event of this environment")
    type: str | None = None
    data: Any = None


class MessagePreviewIn(TryIn):
    """A stored message (`messageId`), or a sample: a string `body` is taken as it is,
    anything else as JSON."""

    free_form: ClassVar[frozenset[str]] = frozenset({"body"})
    message_id: str | None = Field(default=None, description="A message of this environment")
    body: Any = None
    headers: dict[str, str] | None = None
    query: str = Field(default="", description="The query string, without `?`")
    content_type: str | None = None


class PreviewOut(ApiModel):
    matched: bool = Field(description="The filter lets it through (true without a filter)")
    cancelled: bool = Field(description="The transformation cancelled it: nothing is sent")
    url: str | None = Field(description="Where it would go; null when not matched")
    headers: dict[str, str] | None = Field(
        description="What would be sent, signed with the secrets in force now")
    body: str | None = Field(description="The body that would be sent")
    error: str | None = Field(description="Why the filter's evaluation failed (no match), or "
                              "why the transformation failed (the attempt would fail)")
    duration_ms: float = Field(description="Time the filter and the transformation took, in "
                                           "milliseconds")
    key: str | None = Field(default=None, description="A broker target's message key (Kafka's "
                            "record key, a FIFO queue's group...); null for an HTTP target or "
                            "when nothing would be sent")
