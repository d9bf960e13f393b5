from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.environment_out import EnvironmentOut
from ...models.environment_patch import EnvironmentPatch
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: EnvironmentPatch,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/environment",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvironmentOut | Problem | None:
    if response.status_code == 200:
        response_200 = EnvironmentOut.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvironmentOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: EnvironmentPatch,

) -> Response[EnvironmentOut | Problem]:
    """ Update Environment

     `egressProxy`: the proxy its requests to receivers go through (a URL of another
    scheme, or at an address a receiver could not have: 422). `targetKinds`: the kinds its
    targets may be (an unknown kind: 422); its key may narrow them, never widen them (403
    `operator-only`: the operator widens them). Nothing changes unless all of it is valid.
    `retentionDays` (1..3650): how long this environment's events and messages, with their
    Deliveries and attempts, are kept once nothing more can happen to them; null returns to
    the instance's HOOKLINE_RETENTION. The daily retention pass applies it.

    Args:
        body (EnvironmentPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvironmentOut | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: EnvironmentPatch,

) -> EnvironmentOut | Problem | None:
    """ Update Environment

     `egressProxy`: the proxy its requests to receivers go through (a URL of another
    scheme, or at an address a receiver could not have: 422). `targetKinds`: the kinds its
    targets may be (an unknown kind: 422); its key may narrow them, never widen them (403
    `operator-only`: the operator widens them). Nothing changes unless all of it is valid.
    `retentionDays` (1..3650): how long this environment's events and messages, with their
    Deliveries and attempts, are kept once nothing more can happen to them; null returns to
    the instance's HOOKLINE_RETENTION. The daily retention pass applies it.

    Args:
        body (EnvironmentPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvironmentOut | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EnvironmentPatch,

) -> Response[EnvironmentOut | Problem]:
    """ Update Environment

     `egressProxy`: the proxy its requests to receivers go through (a URL of another
    scheme, or at an address a receiver could not have: 422). `targetKinds`: the kinds its
    targets may be (an unknown kind: 422); its key may narrow them, never widen them (403
    `operator-only`: the operator widens them). Nothing changes unless all of it is valid.
    `retentionDays` (1..3650): how long this environment's events and messages, with their
    Deliveries and attempts, are kept once nothing more can happen to them; null returns to
    the instance's HOOKLINE_RETENTION. The daily retention pass applies it.

    Args:
        body (EnvironmentPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvironmentOut | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: EnvironmentPatch,

) -> EnvironmentOut | Problem | None:
    """ Update Environment

     `egressProxy`: the proxy its requests to receivers go through (a URL of another
    scheme, or at an address a receiver could not have: 422). `targetKinds`: the kinds its
    targets may be (an unknown kind: 422); its key may narrow them, never widen them (403
    `operator-only`: the operator widens them). Nothing changes unless all of it is valid.
    `retentionDays` (1..3650): how long this environment's events and messages, with their
    Deliveries and attempts, are kept once nothing more can happen to them; null returns to
    the instance's HOOKLINE_RETENTION. The daily retention pass applies it.

    Args:
        body (EnvironmentPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvironmentOut | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
