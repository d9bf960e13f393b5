from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.erase_event_payload_cancel import EraseEventPayloadCancel
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    event_id: str,
    *,
    cancel: EraseEventPayloadCancel | Unset = EraseEventPayloadCancel.FALSE,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_cancel: str | Unset = UNSET
    if not isinstance(cancel, Unset):
        json_cancel = cancel.value

    params["cancel"] = json_cancel


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/events/{event_id}/payload".format(event_id=quote(str(event_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    event_id: str,
    *,
    client: AuthenticatedClient,
    cancel: EraseEventPayloadCancel | Unset = EraseEventPayloadCancel.FALSE,

) -> Response[Any | Problem]:
    """ Erase Event Payload

     Erase the event's data (GDPR); its metadata, Deliveries and attempts stay, and reads
    show `data: null`, `payloadErased: true`. 409 `payload-in-flight` while a Delivery may
    still send it, unless `cancel=true`.

    Args:
        event_id (str):
        cancel (EraseEventPayloadCancel | Unset): `true`: cancel the Deliveries that may still
            send the payload (pending, processing or retrying), then erase it, in one request. `false`
            (the default): 409 `payload-in-flight` while any may still send it. Default:
            EraseEventPayloadCancel.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        event_id=event_id,
cancel=cancel,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    event_id: str,
    *,
    client: AuthenticatedClient,
    cancel: EraseEventPayloadCancel | Unset = EraseEventPayloadCancel.FALSE,

) -> Any | Problem | None:
    """ Erase Event Payload

     Erase the event's data (GDPR); its metadata, Deliveries and attempts stay, and reads
    show `data: null`, `payloadErased: true`. 409 `payload-in-flight` while a Delivery may
    still send it, unless `cancel=true`.

    Args:
        event_id (str):
        cancel (EraseEventPayloadCancel | Unset): `true`: cancel the Deliveries that may still
            send the payload (pending, processing or retrying), then erase it, in one request. `false`
            (the default): 409 `payload-in-flight` while any may still send it. Default:
            EraseEventPayloadCancel.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return sync_detailed(
        event_id=event_id,
client=client,
cancel=cancel,

    ).parsed

async def asyncio_detailed(
    event_id: str,
    *,
    client: AuthenticatedClient,
    cancel: EraseEventPayloadCancel | Unset = EraseEventPayloadCancel.FALSE,

) -> Response[Any | Problem]:
    """ Erase Event Payload

     Erase the event's data (GDPR); its metadata, Deliveries and attempts stay, and reads
    show `data: null`, `payloadErased: true`. 409 `payload-in-flight` while a Delivery may
    still send it, unless `cancel=true`.

    Args:
        event_id (str):
        cancel (EraseEventPayloadCancel | Unset): `true`: cancel the Deliveries that may still
            send the payload (pending, processing or retrying), then erase it, in one request. `false`
            (the default): 409 `payload-in-flight` while any may still send it. Default:
            EraseEventPayloadCancel.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        event_id=event_id,
cancel=cancel,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    event_id: str,
    *,
    client: AuthenticatedClient,
    cancel: EraseEventPayloadCancel | Unset = EraseEventPayloadCancel.FALSE,

) -> Any | Problem | None:
    """ Erase Event Payload

     Erase the event's data (GDPR); its metadata, Deliveries and attempts stay, and reads
    show `data: null`, `payloadErased: true`. 409 `payload-in-flight` while a Delivery may
    still send it, unless `cancel=true`.

    Args:
        event_id (str):
        cancel (EraseEventPayloadCancel | Unset): `true`: cancel the Deliveries that may still
            send the payload (pending, processing or retrying), then erase it, in one request. `false`
            (the default): 409 `payload-in-flight` while any may still send it. Default:
            EraseEventPayloadCancel.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return (await asyncio_detailed(
        event_id=event_id,
client=client,
cancel=cancel,

    )).parsed
