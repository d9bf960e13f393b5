from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.portal_settings_in import PortalSettingsIn
from ...models.portal_settings_out import PortalSettingsOut
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: PortalSettingsIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/portal-settings",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PortalSettingsOut | Problem | None:
    if response.status_code == 200:
        response_200 = PortalSettingsOut.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PortalSettingsOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PortalSettingsIn,

) -> Response[PortalSettingsOut | Problem]:
    """ Update Portal Settings

     Absent fields stay; null clears one. `logoUrl` and `supportUrl` are https;
    `accentColor` #rrggbb. Failure notices to Consumers' contacts: `noticesEnabled`
    (true unless turned off), `failingNoticeHours` between two failing notices of one
    endpoint (null: 24); they show the name, the logo and the support URL.

    Args:
        body (PortalSettingsIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PortalSettingsOut | Problem]
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
    body: PortalSettingsIn,

) -> PortalSettingsOut | Problem | None:
    """ Update Portal Settings

     Absent fields stay; null clears one. `logoUrl` and `supportUrl` are https;
    `accentColor` #rrggbb. Failure notices to Consumers' contacts: `noticesEnabled`
    (true unless turned off), `failingNoticeHours` between two failing notices of one
    endpoint (null: 24); they show the name, the logo and the support URL.

    Args:
        body (PortalSettingsIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PortalSettingsOut | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PortalSettingsIn,

) -> Response[PortalSettingsOut | Problem]:
    """ Update Portal Settings

     Absent fields stay; null clears one. `logoUrl` and `supportUrl` are https;
    `accentColor` #rrggbb. Failure notices to Consumers' contacts: `noticesEnabled`
    (true unless turned off), `failingNoticeHours` between two failing notices of one
    endpoint (null: 24); they show the name, the logo and the support URL.

    Args:
        body (PortalSettingsIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PortalSettingsOut | Problem]
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
    body: PortalSettingsIn,

) -> PortalSettingsOut | Problem | None:
    """ Update Portal Settings

     Absent fields stay; null clears one. `logoUrl` and `supportUrl` are https;
    `accentColor` #rrggbb. Failure notices to Consumers' contacts: `noticesEnabled`
    (true unless turned off), `failingNoticeHours` between two failing notices of one
    endpoint (null: 24); they show the name, the logo and the support URL.

    Args:
        body (PortalSettingsIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PortalSettingsOut | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
