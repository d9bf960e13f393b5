from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.notice_preview_in import NoticePreviewIn
from ...models.notice_preview_out import NoticePreviewOut
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    ref: str,
    *,
    body: None | NoticePreviewIn | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/consumers/{ref}/notices/preview".format(ref=quote(str(ref), safe=""),),
    }

    
    if isinstance(body, NoticePreviewIn):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NoticePreviewOut | Problem | None:
    if response.status_code == 200:
        response_200 = NoticePreviewOut.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[NoticePreviewOut | Problem]:
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
    body: None | NoticePreviewIn | Unset = UNSET,

) -> Response[NoticePreviewOut | Problem]:
    """ Preview Notice

     What a notice of `type` would say to this Consumer, on every channel, with the
    environment's branding: nothing is sent.

    Args:
        ref (str):
        body (None | NoticePreviewIn | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NoticePreviewOut | Problem]
     """


    kwargs = _get_kwargs(
        ref=ref,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    ref: str,
    *,
    client: AuthenticatedClient,
    body: None | NoticePreviewIn | Unset = UNSET,

) -> NoticePreviewOut | Problem | None:
    """ Preview Notice

     What a notice of `type` would say to this Consumer, on every channel, with the
    environment's branding: nothing is sent.

    Args:
        ref (str):
        body (None | NoticePreviewIn | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NoticePreviewOut | Problem
     """


    return sync_detailed(
        ref=ref,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    ref: str,
    *,
    client: AuthenticatedClient,
    body: None | NoticePreviewIn | Unset = UNSET,

) -> Response[NoticePreviewOut | Problem]:
    """ Preview Notice

     What a notice of `type` would say to this Consumer, on every channel, with the
    environment's branding: nothing is sent.

    Args:
        ref (str):
        body (None | NoticePreviewIn | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NoticePreviewOut | Problem]
     """


    kwargs = _get_kwargs(
        ref=ref,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    ref: str,
    *,
    client: AuthenticatedClient,
    body: None | NoticePreviewIn | Unset = UNSET,

) -> NoticePreviewOut | Problem | None:
    """ Preview Notice

     What a notice of `type` would say to this Consumer, on every channel, with the
    environment's branding: nothing is sent.

    Args:
        ref (str):
        body (None | NoticePreviewIn | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NoticePreviewOut | Problem
     """


    return (await asyncio_detailed(
        ref=ref,
client=client,
body=body,

    )).parsed
