"""The delivery explorer's query parameters (`hookline.persistence.queries.explorer`),
shared by GET /v1/deliveries and the attempt lists of endpoints and destinations. Malformed values
are 422 problem+json, like every query parameter."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import Query

from hookline.persistence.queries.explorer import (
    ATTEMPT_STATUSES,
    STATUSES,
    DeliveryFilter,
    Filter,
    response_status,
)
from hookline.statuses import AttemptStatusName, DeliveryStatusName, ErrorTypeName

ERROR_TYPE = Query(alias="errorType", description="The (last) attempt's error type")
RESPONSE = Query(alias="responseStatus", pattern=r"^([1-5]xx|[1-5][0-9][0-9])$",
                 description="The (last) attempt's response status: a code (503) or a "
                             "class (5xx)")
SINCE = Query(alias="from", description="Created at or after (inclusive)")
UNTIL = Query(alias="to", description="Created at or before (inclusive)")


def _filter(status: str | None, error_type: str | None, response: str | None,
            since: datetime | None, until: datetime | None, statuses: tuple[str, ...]
            ) -> Filter:
    found = Filter(status=status, error_type=error_type,
                   response=response_status(response) if response else None,
                   since=since, until=until)
    found.check(statuses)  # `from` after `to`
    return found


def attempt_filter(
    status: Annotated[AttemptStatusName | None, Query()] = None,
    error_type: Annotated[ErrorTypeName | None, ERROR_TYPE] = None,
    response: Annotated[str | None, RESPONSE] = None,
    since: Annotated[datetime | None, SINCE] = None,
    until: Annotated[datetime | None, UNTIL] = None,
) -> Filter:
    return _filter(status, error_type, response, since, until, ATTEMPT_STATUSES)


def delivery_filter(
    endpoint: str | None = None, destination: str | None = None,
    consumer: Annotated[str | None, Query(description="The Consumer's id or externalId")
                        ] = None,
    event_type: Annotated[str | None, Query(alias="eventType")] = None,
    status: Annotated[DeliveryStatusName | None, Query()] = None,
    error_type: Annotated[ErrorTypeName | None, ERROR_TYPE] = None,
    response: Annotated[str | None, RESPONSE] = None,
    since: Annotated[datetime | None, SINCE] = None,
    until: Annotated[datetime | None, UNTIL] = None,
) -> tuple[DeliveryFilter, str | None]:
    """The filter, and the Consumer reference still to resolve in the environment."""
    base = _filter(status, error_type, response, since, until, STATUSES)
    return DeliveryFilter(**vars(base), endpoint=endpoint, destination=destination,
                          event_type=event_type), consumer
