from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.skipped_out import SkippedOut
from typing import cast



def _get_kwargs(
    delivery_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/deliveries/{delivery_id}/skip".format(delivery_id=quote(str(delivery_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SkippedOut | None:
    if response.status_code == 200:
        response_200 = SkippedOut.from_dict(response.json())



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SkippedOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    delivery_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | SkippedOut]:
    """ Skip Delivery

     At an ordered target whose lines block (`onExhausted: block`): the exhausted head of a
    blocked line stays `exhausted`, and the next Delivery of its line goes (`next`, null
    when none waits). Anything else is a 409.

    Args:
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SkippedOut]
     """


    kwargs = _get_kwargs(
        delivery_id=delivery_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    delivery_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | SkippedOut | None:
    """ Skip Delivery

     At an ordered target whose lines block (`onExhausted: block`): the exhausted head of a
    blocked line stays `exhausted`, and the next Delivery of its line goes (`next`, null
    when none waits). Anything else is a 409.

    Args:
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SkippedOut
     """


    return sync_detailed(
        delivery_id=delivery_id,
client=client,

    ).parsed

async def asyncio_detailed(
    delivery_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | SkippedOut]:
    """ Skip Delivery

     At an ordered target whose lines block (`onExhausted: block`): the exhausted head of a
    blocked line stays `exhausted`, and the next Delivery of its line goes (`next`, null
    when none waits). Anything else is a 409.

    Args:
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SkippedOut]
     """


    kwargs = _get_kwargs(
        delivery_id=delivery_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    delivery_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | SkippedOut | None:
    """ Skip Delivery

     At an ordered target whose lines block (`onExhausted: block`): the exhausted head of a
    blocked line stays `exhausted`, and the next Delivery of its line goes (`next`, null
    when none waits). Anything else is a 409.

    Args:
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SkippedOut
     """


    return (await asyncio_detailed(
        delivery_id=delivery_id,
client=client,

    )).parsed
