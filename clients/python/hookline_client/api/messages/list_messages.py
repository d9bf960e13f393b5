from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_messages_verification_type_0 import ListMessagesVerificationType0
from ...models.page_message_item import PageMessageItem
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    source_id: str,
    *,
    verification: ListMessagesVerificationType0 | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_verification: None | str | Unset
    if isinstance(verification, Unset):
        json_verification = UNSET
    elif isinstance(verification, ListMessagesVerificationType0):
        json_verification = verification.value
    else:
        json_verification = verification
    params["verification"] = json_verification

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/ingest/sources/{source_id}/messages".format(source_id=quote(str(source_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PageMessageItem | Problem | None:
    if response.status_code == 200:
        response_200 = PageMessageItem.from_dict(response.json())



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PageMessageItem | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    source_id: str,
    *,
    client: AuthenticatedClient,
    verification: ListMessagesVerificationType0 | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,

) -> Response[PageMessageItem | Problem]:
    """ List Messages

    Args:
        source_id (str):
        verification (ListMessagesVerificationType0 | None | Unset):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PageMessageItem | Problem]
     """


    kwargs = _get_kwargs(
        source_id=source_id,
verification=verification,
cursor=cursor,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    source_id: str,
    *,
    client: AuthenticatedClient,
    verification: ListMessagesVerificationType0 | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,

) -> PageMessageItem | Problem | None:
    """ List Messages

    Args:
        source_id (str):
        verification (ListMessagesVerificationType0 | None | Unset):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PageMessageItem | Problem
     """


    return sync_detailed(
        source_id=source_id,
client=client,
verification=verification,
cursor=cursor,
limit=limit,

    ).parsed

async def asyncio_detailed(
    source_id: str,
    *,
    client: AuthenticatedClient,
    verification: ListMessagesVerificationType0 | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,

) -> Response[PageMessageItem | Problem]:
    """ List Messages

    Args:
        source_id (str):
        verification (ListMessagesVerificationType0 | None | Unset):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PageMessageItem | Problem]
     """


    kwargs = _get_kwargs(
        source_id=source_id,
verification=verification,
cursor=cursor,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    source_id: str,
    *,
    client: AuthenticatedClient,
    verification: ListMessagesVerificationType0 | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,

) -> PageMessageItem | Problem | None:
    """ List Messages

    Args:
        source_id (str):
        verification (ListMessagesVerificationType0 | None | Unset):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PageMessageItem | Problem
     """


    return (await asyncio_detailed(
        source_id=source_id,
client=client,
verification=verification,
cursor=cursor,
limit=limit,

    )).parsed
