from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_endpoint_attempts_error_type_type_0 import ListEndpointAttemptsErrorTypeType0
from ...models.list_endpoint_attempts_status_type_0 import ListEndpointAttemptsStatusType0
from ...models.page_attempt_out import PageAttemptOut
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    endpoint_id: str,
    *,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    status: ListEndpointAttemptsStatusType0 | None | Unset = UNSET,
    error_type: ListEndpointAttemptsErrorTypeType0 | None | Unset = UNSET,
    response_status: None | str | Unset = UNSET,
    from_: datetime.datetime | None | Unset = UNSET,
    to: datetime.datetime | None | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params["limit"] = limit

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, ListEndpointAttemptsStatusType0):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    json_error_type: None | str | Unset
    if isinstance(error_type, Unset):
        json_error_type = UNSET
    elif isinstance(error_type, ListEndpointAttemptsErrorTypeType0):
        json_error_type = error_type.value
    else:
        json_error_type = error_type
    params["errorType"] = json_error_type

    json_response_status: None | str | Unset
    if isinstance(response_status, Unset):
        json_response_status = UNSET
    else:
        json_response_status = response_status
    params["responseStatus"] = json_response_status

    json_from_: None | str | Unset
    if isinstance(from_, Unset):
        json_from_ = UNSET
    elif isinstance(from_, datetime.datetime):
        json_from_ = from_.isoformat()
    else:
        json_from_ = from_
    params["from"] = json_from_

    json_to: None | str | Unset
    if isinstance(to, Unset):
        json_to = UNSET
    elif isinstance(to, datetime.datetime):
        json_to = to.isoformat()
    else:
        json_to = to
    params["to"] = json_to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/endpoints/{endpoint_id}/attempts".format(endpoint_id=quote(str(endpoint_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PageAttemptOut | Problem | None:
    if response.status_code == 200:
        response_200 = PageAttemptOut.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PageAttemptOut | Problem]:
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
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    status: ListEndpointAttemptsStatusType0 | None | Unset = UNSET,
    error_type: ListEndpointAttemptsErrorTypeType0 | None | Unset = UNSET,
    response_status: None | str | Unset = UNSET,
    from_: datetime.datetime | None | Unset = UNSET,
    to: datetime.datetime | None | Unset = UNSET,

) -> Response[PageAttemptOut | Problem]:
    """ List Endpoint Attempts

     The attempts to this endpoint, newest first (the delivery explorer's filters).

    Args:
        endpoint_id (str):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.
        status (ListEndpointAttemptsStatusType0 | None | Unset):
        error_type (ListEndpointAttemptsErrorTypeType0 | None | Unset): The (last) attempt's error
            type
        response_status (None | str | Unset): The (last) attempt's response status: a code (503)
            or a class (5xx)
        from_ (datetime.datetime | None | Unset): Created at or after (inclusive)
        to (datetime.datetime | None | Unset): Created at or before (inclusive)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PageAttemptOut | Problem]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
cursor=cursor,
limit=limit,
status=status,
error_type=error_type,
response_status=response_status,
from_=from_,
to=to,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    status: ListEndpointAttemptsStatusType0 | None | Unset = UNSET,
    error_type: ListEndpointAttemptsErrorTypeType0 | None | Unset = UNSET,
    response_status: None | str | Unset = UNSET,
    from_: datetime.datetime | None | Unset = UNSET,
    to: datetime.datetime | None | Unset = UNSET,

) -> PageAttemptOut | Problem | None:
    """ List Endpoint Attempts

     The attempts to this endpoint, newest first (the delivery explorer's filters).

    Args:
        endpoint_id (str):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.
        status (ListEndpointAttemptsStatusType0 | None | Unset):
        error_type (ListEndpointAttemptsErrorTypeType0 | None | Unset): The (last) attempt's error
            type
        response_status (None | str | Unset): The (last) attempt's response status: a code (503)
            or a class (5xx)
        from_ (datetime.datetime | None | Unset): Created at or after (inclusive)
        to (datetime.datetime | None | Unset): Created at or before (inclusive)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PageAttemptOut | Problem
     """


    return sync_detailed(
        endpoint_id=endpoint_id,
client=client,
cursor=cursor,
limit=limit,
status=status,
error_type=error_type,
response_status=response_status,
from_=from_,
to=to,

    ).parsed

async def asyncio_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    status: ListEndpointAttemptsStatusType0 | None | Unset = UNSET,
    error_type: ListEndpointAttemptsErrorTypeType0 | None | Unset = UNSET,
    response_status: None | str | Unset = UNSET,
    from_: datetime.datetime | None | Unset = UNSET,
    to: datetime.datetime | None | Unset = UNSET,

) -> Response[PageAttemptOut | Problem]:
    """ List Endpoint Attempts

     The attempts to this endpoint, newest first (the delivery explorer's filters).

    Args:
        endpoint_id (str):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.
        status (ListEndpointAttemptsStatusType0 | None | Unset):
        error_type (ListEndpointAttemptsErrorTypeType0 | None | Unset): The (last) attempt's error
            type
        response_status (None | str | Unset): The (last) attempt's response status: a code (503)
            or a class (5xx)
        from_ (datetime.datetime | None | Unset): Created at or after (inclusive)
        to (datetime.datetime | None | Unset): Created at or before (inclusive)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PageAttemptOut | Problem]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
cursor=cursor,
limit=limit,
status=status,
error_type=error_type,
response_status=response_status,
from_=from_,
to=to,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    status: ListEndpointAttemptsStatusType0 | None | Unset = UNSET,
    error_type: ListEndpointAttemptsErrorTypeType0 | None | Unset = UNSET,
    response_status: None | str | Unset = UNSET,
    from_: datetime.datetime | None | Unset = UNSET,
    to: datetime.datetime | None | Unset = UNSET,

) -> PageAttemptOut | Problem | None:
    """ List Endpoint Attempts

     The attempts to this endpoint, newest first (the delivery explorer's filters).

    Args:
        endpoint_id (str):
        cursor (None | str | Unset):
        limit (int | Unset):  Default: 50.
        status (ListEndpointAttemptsStatusType0 | None | Unset):
        error_type (ListEndpointAttemptsErrorTypeType0 | None | Unset): The (last) attempt's error
            type
        response_status (None | str | Unset): The (last) attempt's response status: a code (503)
            or a class (5xx)
        from_ (datetime.datetime | None | Unset): Created at or after (inclusive)
        to (datetime.datetime | None | Unset): Created at or before (inclusive)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PageAttemptOut | Problem
     """


    return (await asyncio_detailed(
        endpoint_id=endpoint_id,
client=client,
cursor=cursor,
limit=limit,
status=status,
error_type=error_type,
response_status=response_status,
from_=from_,
to=to,

    )).parsed
