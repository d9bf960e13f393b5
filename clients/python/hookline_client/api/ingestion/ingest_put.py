from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.accepted import Accepted
from ...models.http_validation_error import HTTPValidationError
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    token: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/in/{token}".format(token=quote(str(token), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Accepted | Any | HTTPValidationError | Problem | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 202:
        response_202 = Accepted.from_dict(response.json())



        return response_202

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Accepted | Any | HTTPValidationError | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Accepted | Any | HTTPValidationError | Problem]:
    """ Ingestion URL

     Stores the request (any content type, up to 5 MiB), verifies it with the Source's provider and
    forwards it to the Source's destinations. Answers 202 {id} (200 {id} for the providers that accept
    nothing else: Mailgun, Xero); a duplicate provider event id within 24 h answers the first message's
    id, and is neither stored nor forwarded again.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Accepted | Any | HTTPValidationError | Problem]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,

) -> Accepted | Any | HTTPValidationError | Problem | None:
    """ Ingestion URL

     Stores the request (any content type, up to 5 MiB), verifies it with the Source's provider and
    forwards it to the Source's destinations. Answers 202 {id} (200 {id} for the providers that accept
    nothing else: Mailgun, Xero); a duplicate provider event id within 24 h answers the first message's
    id, and is neither stored nor forwarded again.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Accepted | Any | HTTPValidationError | Problem
     """


    return sync_detailed(
        token=token,
client=client,

    ).parsed

async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Accepted | Any | HTTPValidationError | Problem]:
    """ Ingestion URL

     Stores the request (any content type, up to 5 MiB), verifies it with the Source's provider and
    forwards it to the Source's destinations. Answers 202 {id} (200 {id} for the providers that accept
    nothing else: Mailgun, Xero); a duplicate provider event id within 24 h answers the first message's
    id, and is neither stored nor forwarded again.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Accepted | Any | HTTPValidationError | Problem]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,

) -> Accepted | Any | HTTPValidationError | Problem | None:
    """ Ingestion URL

     Stores the request (any content type, up to 5 MiB), verifies it with the Source's provider and
    forwards it to the Source's destinations. Answers 202 {id} (200 {id} for the providers that accept
    nothing else: Mailgun, Xero); a duplicate provider event id within 24 h answers the first message's
    id, and is neither stored nor forwarded again.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Accepted | Any | HTTPValidationError | Problem
     """


    return (await asyncio_detailed(
        token=token,
client=client,

    )).parsed
