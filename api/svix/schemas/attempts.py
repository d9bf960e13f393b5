"""Svix's message-attempt bodies over Hookline's attempts and Deliveries: an attempt is an
Attempt row (its `url` the endpoint's current one: attempts store none), an attempted
message an Event with its latest Delivery to one endpoint, an attempted destination an
endpoint with the Event's latest Delivery there. Svix's MessageStatus is an int with its
word beside it."""

from __future__ import annotations

from datetime import datetime
from enum import IntEnum

from pydantic import Field

from api.schemas.common import MaybeTimestamp, Timestamp
from api.svix.schemas.common import SvixModel, absent
from api.svix.schemas.endpoints import EndpointCommon, EndpointOut
from api.svix.schemas.messages import MessageOut
from hookline.persistence.models import Attempt, Delivery, Endpoint, Event
from hookline.statuses import AttemptStatus, DeliveryStatus


class Status(IntEnum):
    """Svix's MessageStatus (4 Canceled only in the SDKs' `expanded_statuses`). An IntEnum,
    not a Literal: a query string's `2` is text, which only an enum reads as a number."""

    SUCCESS, PENDING, FAIL, SENDING, CANCELED = 0, 1, 2, 3, 4


class StatusCodeClass(IntEnum):
    """Svix's: 0 is no response at all."""

    NONE, C1XX, C2XX, C3XX, C4XX, C5XX = 0, 100, 200, 300, 400, 500


SUCCESS, PENDING, FAIL, SENDING, CANCELED = (Status.SUCCESS, Status.PENDING, Status.FAIL,
                                             Status.SENDING, Status.CANCELED)
WORDS = {SUCCESS: "success", PENDING: "pending", FAIL: "fail", SENDING: "sending",
         CANCELED: "canceled"}
_OF_ATTEMPT = {AttemptStatus.SUCCEEDED: SUCCESS, AttemptStatus.FAILED: FAIL}
# A Delivery's status as Svix's: one being attempted or waiting for its next attempt is
# Sending; a cancelled one Canceled when the client asks for `expanded_statuses` (Svix's
# SDKs do by default), else Success, which Svix's SDKs document "for backwards
# compatibility".
_OF_DELIVERY = {DeliveryStatus.DELIVERED: SUCCESS, DeliveryStatus.PENDING: PENDING,
                DeliveryStatus.PROCESSING: SENDING, DeliveryStatus.RETRYING: SENDING,
                DeliveryStatus.EXHAUSTED: FAIL, DeliveryStatus.CANCELLED: CANCELED,
                DeliveryStatus.HELD: PENDING}


def attempt_statuses(status: int | None) -> tuple[str, ...] | None:
    """The attempt statuses a Svix `status` filter keeps: attempts are only ever Success or
    Fail, so Pending, Sending and Canceled keep none (as in Svix)."""
    if status is None:
        return None
    return tuple(s.value for s, svix in _OF_ATTEMPT.items() if svix == status)


def delivery_statuses(status: int | None, expanded: bool) -> tuple[str, ...] | None:
    """The Delivery statuses a Svix `status` filter keeps."""
    if status is None:
        return None
    return tuple(s.value for s in DeliveryStatus if delivery_status(s, expanded) == status)


def delivery_status(status: str, expanded: bool) -> Status:
    svix = _OF_DELIVERY[DeliveryStatus(status)]
    return SUCCESS if svix == CANCELED and not expanded else svix


class MessageAttemptOut(SvixModel):
    """`triggerType` is always 0 (Scheduled): Hookline does not record what made an attempt
    (its schedule, a retry, a recovery or a resend), so Svix's 1 (Manual) is never shown.
    `responseStatusCode` is 0 when there was no response (a timeout, a refused connection,
    an open circuit), and `response` is then the error met."""

    id: str
    msg_id: str
    endpoint_id: str
    url: str
    response: str
    response_status_code: int
    response_duration_ms: int
    status: int
    status_text: str
    trigger_type: int = 0
    timestamp: Timestamp

    @classmethod
    def of(cls, attempt: Attempt, msg_id: str | None, url: str, with_content: bool = True
           ) -> MessageAttemptOut:
        """`with_content` False: `response` is `{}`, as Svix's lists answer by default."""
        status = _OF_ATTEMPT[AttemptStatus(attempt.status)]
        response = attempt.response_body or attempt.error_message or ""
        return cls(id=attempt.id, msg_id=msg_id or "", endpoint_id=attempt.target_id or "",
                   url=url, response=response if with_content else "{}",
                   response_status_code=attempt.status_code or 0,
                   response_duration_ms=attempt.duration_ms, status=status,
                   status_text=WORDS[status], timestamp=attempt.created_at)


class EndpointMessageOut(MessageOut):
    """A message with where it stands at one endpoint: its latest Delivery's status there,
    and `nextAttempt` while that Delivery waits for a retry."""

    status: int
    status_text: str
    next_attempt: MaybeTimestamp = Field(default=None, exclude_if=absent)

    @classmethod
    def at(cls, event: Event, delivery: Delivery, with_content: bool, expanded: bool
           ) -> EndpointMessageOut:
        message = MessageOut.of(event)
        status = delivery_status(delivery.status, expanded)
        shown = dict(message, payload=message.payload if with_content else {})
        return cls(**shown, status=status, status_text=WORDS[status],
                   next_attempt=_waiting(delivery))


class MessageEndpointOut(EndpointCommon):
    """An endpoint (Svix's fields, without its metadata) with where one message stands
    there; `nextAttempt` is shown as null when there is none, as in Svix."""

    status: int
    status_text: str
    next_attempt: MaybeTimestamp

    @classmethod
    def at(cls, endpoint: Endpoint, delivery: Delivery, expanded: bool) -> MessageEndpointOut:
        status = delivery_status(delivery.status, expanded)
        shown = EndpointOut.of(endpoint).model_dump(exclude={"metadata", "signature_headers"})
        return cls(**shown, status=status, status_text=WORDS[status],
                   next_attempt=_waiting(delivery))


def _waiting(delivery: Delivery) -> datetime | None:
    """When a Delivery waiting for a retry is next attempted."""
    retrying = delivery.status == DeliveryStatus.RETRYING
    return delivery.next_attempt_at if retrying else None
