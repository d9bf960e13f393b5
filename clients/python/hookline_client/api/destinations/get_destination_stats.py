from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.target_stats_out import TargetStatsOut
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    destination_id: str,
    *,
    since: datetime.datetime | None | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_since: None | str | Unset
    if isinstance(since, Unset):
        json_since = UNSET
    elif isinstance(since, datetime.datetime):
        json_since = since.isoformat()
    else:
        json_since = since
    params["since"] = json_since


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/ingest/destinations/{destination_id}/stats".format(destination_id=quote(str(destination_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | TargetStatsOut | None:
    if response.status_code == 200:
        response_200 = TargetStatsOut.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | TargetStatsOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    destination_id: str,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | None | Unset = UNSET,

) -> Response[Problem | TargetStatsOut]:
    """ Get Destination Stats

     Health at a glance: Deliveries by status and attempts by outcome since `since`, success rate,
    attempt duration p50/p95, last success and failure, failures since the last success, disabled state.

    Args:
        destination_id (str):
        since (datetime.datetime | None | Unset): Count from this time (default: 24 hours ago)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TargetStatsOut]
     """


    kwargs = _get_kwargs(
        destination_id=destination_id,
since=since,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    destination_id: str,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | None | Unset = UNSET,

) -> Problem | TargetStatsOut | None:
    """ Get Destination Stats

     Health at a glance: Deliveries by status and attempts by outcome since `since`, success rate,
    attempt duration p50/p95, last success and failure, failures since the last success, disabled state.

    Args:
        destination_id (str):
        since (datetime.datetime | None | Unset): Count from this time (default: 24 hours ago)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TargetStatsOut
     """


    return sync_detailed(
        destination_id=destination_id,
client=client,
since=since,

    ).parsed

async def asyncio_detailed(
    destination_id: str,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | None | Unset = UNSET,

) -> Response[Problem | TargetStatsOut]:
    """ Get Destination Stats

     Health at a glance: Deliveries by status and attempts by outcome since `since`, success rate,
    attempt duration p50/p95, last success and failure, failures since the last success, disabled state.

    Args:
        destination_id (str):
        since (datetime.datetime | None | Unset): Count from this time (default: 24 hours ago)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TargetStatsOut]
     """


    kwargs = _get_kwargs(
        destination_id=destination_id,
since=since,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    destination_id: str,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | None | Unset = UNSET,

) -> Problem | TargetStatsOut | None:
    """ Get Destination Stats

     Health at a glance: Deliveries by status and attempts by outcome since `since`, success rate,
    attempt duration p50/p95, last success and failure, failures since the last success, disabled state.

    Args:
        destination_id (str):
        since (datetime.datetime | None | Unset): Count from this time (default: 24 hours ago)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TargetStatsOut
     """


    return (await asyncio_detailed(
        destination_id=destination_id,
client=client,
since=since,

    )).parsed
