from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.endpoint_out import EndpointOut
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    consumer: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_consumer: None | str | Unset
    if isinstance(consumer, Unset):
        json_consumer = UNSET
    else:
        json_consumer = consumer
    params["consumer"] = json_consumer


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/endpoints",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | list[EndpointOut] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in (_response_200):
            response_200_item = EndpointOut.from_dict(response_200_item_data)



            response_200.append(response_200_item)

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | list[EndpointOut]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    consumer: None | str | Unset = UNSET,

) -> Response[Problem | list[EndpointOut]]:
    """ List Endpoints

     The 100 most recent endpoints, newest first; not paginated. `consumer` (externalId)
    filters; an unknown consumer gives an empty list, not 404.

    Args:
        consumer (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[EndpointOut]]
     """


    kwargs = _get_kwargs(
        consumer=consumer,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    consumer: None | str | Unset = UNSET,

) -> Problem | list[EndpointOut] | None:
    """ List Endpoints

     The 100 most recent endpoints, newest first; not paginated. `consumer` (externalId)
    filters; an unknown consumer gives an empty list, not 404.

    Args:
        consumer (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[EndpointOut]
     """


    return sync_detailed(
        client=client,
consumer=consumer,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    consumer: None | str | Unset = UNSET,

) -> Response[Problem | list[EndpointOut]]:
    """ List Endpoints

     The 100 most recent endpoints, newest first; not paginated. `consumer` (externalId)
    filters; an unknown consumer gives an empty list, not 404.

    Args:
        consumer (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[EndpointOut]]
     """


    kwargs = _get_kwargs(
        consumer=consumer,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    consumer: None | str | Unset = UNSET,

) -> Problem | list[EndpointOut] | None:
    """ List Endpoints

     The 100 most recent endpoints, newest first; not paginated. `consumer` (externalId)
    filters; an unknown consumer gives an empty list, not 404.

    Args:
        consumer (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[EndpointOut]
     """


    return (await asyncio_detailed(
        client=client,
consumer=consumer,

    )).parsed
