from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.poll_token_out import PollTokenOut
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    endpoint_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/endpoints/{endpoint_id}/rotate-poll-token".format(endpoint_id=quote(str(endpoint_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PollTokenOut | Problem | None:
    if response.status_code == 201:
        response_201 = PollTokenOut.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PollTokenOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[PollTokenOut | Problem]:
    """ Rotate Endpoint Poll Token

     A polling endpoint's new poll token: the previous one is refused from now on.

    Args:
        endpoint_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PollTokenOut | Problem]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,

) -> PollTokenOut | Problem | None:
    """ Rotate Endpoint Poll Token

     A polling endpoint's new poll token: the previous one is refused from now on.

    Args:
        endpoint_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PollTokenOut | Problem
     """


    return sync_detailed(
        endpoint_id=endpoint_id,
client=client,

    ).parsed

async def asyncio_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[PollTokenOut | Problem]:
    """ Rotate Endpoint Poll Token

     A polling endpoint's new poll token: the previous one is refused from now on.

    Args:
        endpoint_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PollTokenOut | Problem]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,

) -> PollTokenOut | Problem | None:
    """ Rotate Endpoint Poll Token

     A polling endpoint's new poll token: the previous one is refused from now on.

    Args:
        endpoint_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PollTokenOut | Problem
     """


    return (await asyncio_detailed(
        endpoint_id=endpoint_id,
client=client,

    )).parsed
