from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.event_out import EventOut
from ...models.problem import Problem
from ...models.publish_in import PublishIn
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: PublishIn,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/events",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventOut | Problem | None:
    if response.status_code == 201:
        response_201 = EventOut.from_dict(response.json())



        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 402:
        response_402 = Problem.from_dict(response.json())



        return response_402

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())



        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PublishIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[EventOut | Problem]:
    """ Publish an event

     Publish an Event: it becomes one Delivery for every enabled endpoint of the
    Consumer that is subscribed to its type (an endpoint whose `events` list holds the type or is
    empty). Endpoints registered later do not get it; replay the event for them.

    **Body**: `type`, a registered event type name; `consumer`, the Consumer's `externalId`
    (or its `id`); `data`, a JSON object of at most 1 MiB once serialized and 64 levels deep
    (no NaN or Infinity). Unknown fields are ignored. When the type has a payload schema,
    `data` is checked against it: under `enforce` a mismatch is refused (422, one error per
    violation), under `warn` it is accepted and listed in `schemaErrors`.

    **201 Created** answers the stored Event: `deliveries` is how many Deliveries it made (0 when
    no endpoint is subscribed). They are sent afterwards, in the background, each signed with its
    endpoint's secret (`Webhook-Id` is the event's `id`) and retried on failure; follow them with
    GET /v1/events/{event_id}/deliveries.

    **Idempotency**: send an `Idempotency-Key` header (at most 255 characters) to publish safely
    again after a timeout. For 24 hours the same key in the same environment answers the Event
    it first made, with 201 and the header `Idempotent-Replayed: true`, and creates nothing
    (the body of the repeat is not compared).

    **Errors** (problem+json): 401 missing, invalid or revoked API key; 402 the plan's monthly
    event quota is used up; 413 `data` over 1 MiB or the request over 2 MiB; 415 a body that is
    not `application/json`; 422 an unregistered `type`, an unknown `consumer`, a malformed body
    or `data` refused by its schema; 429 the organization's rate limit (see `Retry-After`).

    Args:
        idempotency_key (str | Unset):
        body (PublishIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventOut | Problem]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: PublishIn,
    idempotency_key: str | Unset = UNSET,

) -> EventOut | Problem | None:
    """ Publish an event

     Publish an Event: it becomes one Delivery for every enabled endpoint of the
    Consumer that is subscribed to its type (an endpoint whose `events` list holds the type or is
    empty). Endpoints registered later do not get it; replay the event for them.

    **Body**: `type`, a registered event type name; `consumer`, the Consumer's `externalId`
    (or its `id`); `data`, a JSON object of at most 1 MiB once serialized and 64 levels deep
    (no NaN or Infinity). Unknown fields are ignored. When the type has a payload schema,
    `data` is checked against it: under `enforce` a mismatch is refused (422, one error per
    violation), under `warn` it is accepted and listed in `schemaErrors`.

    **201 Created** answers the stored Event: `deliveries` is how many Deliveries it made (0 when
    no endpoint is subscribed). They are sent afterwards, in the background, each signed with its
    endpoint's secret (`Webhook-Id` is the event's `id`) and retried on failure; follow them with
    GET /v1/events/{event_id}/deliveries.

    **Idempotency**: send an `Idempotency-Key` header (at most 255 characters) to publish safely
    again after a timeout. For 24 hours the same key in the same environment answers the Event
    it first made, with 201 and the header `Idempotent-Replayed: true`, and creates nothing
    (the body of the repeat is not compared).

    **Errors** (problem+json): 401 missing, invalid or revoked API key; 402 the plan's monthly
    event quota is used up; 413 `data` over 1 MiB or the request over 2 MiB; 415 a body that is
    not `application/json`; 422 an unregistered `type`, an unknown `consumer`, a malformed body
    or `data` refused by its schema; 429 the organization's rate limit (see `Retry-After`).

    Args:
        idempotency_key (str | Unset):
        body (PublishIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventOut | Problem
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PublishIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[EventOut | Problem]:
    """ Publish an event

     Publish an Event: it becomes one Delivery for every enabled endpoint of the
    Consumer that is subscribed to its type (an endpoint whose `events` list holds the type or is
    empty). Endpoints registered later do not get it; replay the event for them.

    **Body**: `type`, a registered event type name; `consumer`, the Consumer's `externalId`
    (or its `id`); `data`, a JSON object of at most 1 MiB once serialized and 64 levels deep
    (no NaN or Infinity). Unknown fields are ignored. When the type has a payload schema,
    `data` is checked against it: under `enforce` a mismatch is refused (422, one error per
    violation), under `warn` it is accepted and listed in `schemaErrors`.

    **201 Created** answers the stored Event: `deliveries` is how many Deliveries it made (0 when
    no endpoint is subscribed). They are sent afterwards, in the background, each signed with its
    endpoint's secret (`Webhook-Id` is the event's `id`) and retried on failure; follow them with
    GET /v1/events/{event_id}/deliveries.

    **Idempotency**: send an `Idempotency-Key` header (at most 255 characters) to publish safely
    again after a timeout. For 24 hours the same key in the same environment answers the Event
    it first made, with 201 and the header `Idempotent-Replayed: true`, and creates nothing
    (the body of the repeat is not compared).

    **Errors** (problem+json): 401 missing, invalid or revoked API key; 402 the plan's monthly
    event quota is used up; 413 `data` over 1 MiB or the request over 2 MiB; 415 a body that is
    not `application/json`; 422 an unregistered `type`, an unknown `consumer`, a malformed body
    or `data` refused by its schema; 429 the organization's rate limit (see `Retry-After`).

    Args:
        idempotency_key (str | Unset):
        body (PublishIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventOut | Problem]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PublishIn,
    idempotency_key: str | Unset = UNSET,

) -> EventOut | Problem | None:
    """ Publish an event

     Publish an Event: it becomes one Delivery for every enabled endpoint of the
    Consumer that is subscribed to its type (an endpoint whose `events` list holds the type or is
    empty). Endpoints registered later do not get it; replay the event for them.

    **Body**: `type`, a registered event type name; `consumer`, the Consumer's `externalId`
    (or its `id`); `data`, a JSON object of at most 1 MiB once serialized and 64 levels deep
    (no NaN or Infinity). Unknown fields are ignored. When the type has a payload schema,
    `data` is checked against it: under `enforce` a mismatch is refused (422, one error per
    violation), under `warn` it is accepted and listed in `schemaErrors`.

    **201 Created** answers the stored Event: `deliveries` is how many Deliveries it made (0 when
    no endpoint is subscribed). They are sent afterwards, in the background, each signed with its
    endpoint's secret (`Webhook-Id` is the event's `id`) and retried on failure; follow them with
    GET /v1/events/{event_id}/deliveries.

    **Idempotency**: send an `Idempotency-Key` header (at most 255 characters) to publish safely
    again after a timeout. For 24 hours the same key in the same environment answers the Event
    it first made, with 201 and the header `Idempotent-Replayed: true`, and creates nothing
    (the body of the repeat is not compared).

    **Errors** (problem+json): 401 missing, invalid or revoked API key; 402 the plan's monthly
    event quota is used up; 413 `data` over 1 MiB or the request over 2 MiB; 415 a body that is
    not `application/json`; 422 an unregistered `type`, an unknown `consumer`, a malformed body
    or `data` refused by its schema; 429 the organization's rate limit (see `Retry-After`).

    Args:
        idempotency_key (str | Unset):
        body (PublishIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventOut | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
