from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    ref: str,
    *,
    erase_payloads: bool | Unset = False,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["erasePayloads"] = erase_payloads


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/consumers/{ref}".format(ref=quote(str(ref), safe=""),),
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
    ref: str,
    *,
    client: AuthenticatedClient,
    erase_payloads: bool | Unset = False,

) -> Response[Any | Problem]:
    """ Delete Consumer

    Args:
        ref (str):
        erase_payloads (bool | Unset): Also erase the payloads of the Consumer's events (their
            metadata, Deliveries and attempts stay) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        ref=ref,
erase_payloads=erase_payloads,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    ref: str,
    *,
    client: AuthenticatedClient,
    erase_payloads: bool | Unset = False,

) -> Any | Problem | None:
    """ Delete Consumer

    Args:
        ref (str):
        erase_payloads (bool | Unset): Also erase the payloads of the Consumer's events (their
            metadata, Deliveries and attempts stay) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return sync_detailed(
        ref=ref,
client=client,
erase_payloads=erase_payloads,

    ).parsed

async def asyncio_detailed(
    ref: str,
    *,
    client: AuthenticatedClient,
    erase_payloads: bool | Unset = False,

) -> Response[Any | Problem]:
    """ Delete Consumer

    Args:
        ref (str):
        erase_payloads (bool | Unset): Also erase the payloads of the Consumer's events (their
            metadata, Deliveries and attempts stay) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        ref=ref,
erase_payloads=erase_payloads,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    ref: str,
    *,
    client: AuthenticatedClient,
    erase_payloads: bool | Unset = False,

) -> Any | Problem | None:
    """ Delete Consumer

    Args:
        ref (str):
        erase_payloads (bool | Unset): Also erase the payloads of the Consumer's events (their
            metadata, Deliveries and attempts stay) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return (await asyncio_detailed(
        ref=ref,
client=client,
erase_payloads=erase_payloads,

    )).parsed
