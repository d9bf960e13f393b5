from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.seek_in import SeekIn
from ...models.seek_out import SeekOut
from typing import cast



def _get_kwargs(
    endpoint_id: str,
    *,
    body: SeekIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/poll/{endpoint_id}/seek".format(endpoint_id=quote(str(endpoint_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SeekOut | None:
    if response.status_code == 200:
        response_200 = SeekOut.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SeekOut]:
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
    body: SeekIn,

) -> Response[Problem | SeekOut]:
    """ Seek Poll

     The committed cursor moves to the messages of events published at `after` or later,
    back (to pull delivered ones again) or forward (those skipped end `exhausted`,
    `not_polled`, when their window passes).

    Args:
        endpoint_id (str):
        body (SeekIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeekOut]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: SeekIn,

) -> Problem | SeekOut | None:
    """ Seek Poll

     The committed cursor moves to the messages of events published at `after` or later,
    back (to pull delivered ones again) or forward (those skipped end `exhausted`,
    `not_polled`, when their window passes).

    Args:
        endpoint_id (str):
        body (SeekIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeekOut
     """


    return sync_detailed(
        endpoint_id=endpoint_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: SeekIn,

) -> Response[Problem | SeekOut]:
    """ Seek Poll

     The committed cursor moves to the messages of events published at `after` or later,
    back (to pull delivered ones again) or forward (those skipped end `exhausted`,
    `not_polled`, when their window passes).

    Args:
        endpoint_id (str):
        body (SeekIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeekOut]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: SeekIn,

) -> Problem | SeekOut | None:
    """ Seek Poll

     The committed cursor moves to the messages of events published at `after` or later,
    back (to pull delivered ones again) or forward (those skipped end `exhausted`,
    `not_polled`, when their window passes).

    Args:
        endpoint_id (str):
        body (SeekIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeekOut
     """


    return (await asyncio_detailed(
        endpoint_id=endpoint_id,
client=client,
body=body,

    )).parsed
