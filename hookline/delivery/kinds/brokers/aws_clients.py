"""What the AWS kinds' publishers (`brokers.aws`) share: one aiobotocore client per
publisher, signed in as its `credentials` say (`brokers.sign_in`), connected only to the
endpoint the URL guard checked (`AwsConnection`); and what a failed call was for the
attempt (`failure`).

aiobotocore runs on aiohttp, the sender's client (its pins take aiohttp 3.14.5): a publish
never blocks the event loop, and the connection goes to the checked address through
aiohttp's resolver, as an HTTP attempt's does. Calls are made once (botocore's retries off:
the workflow retries) within the attempt's time."""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
from datetime import UTC, datetime
from typing import Any

import aiohttp
from aiobotocore.config import AioConfig
from aiobotocore.credentials import AioCredentialResolver, AioDeferredRefreshableCredentials
from aiobotocore.session import AioSession
from aiohttp.abc import AbstractResolver, ResolveResult
from botocore import exceptions as boto
from botocore.credentials import CredentialProvider
from botocore.parsers import ResponseParserError

from hookline import target_kinds as kinds
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.aws_models import Models
from hookline.delivery.kinds.brokers.guard import Checked, aws_endpoint
from hookline.delivery.kinds.brokers.message import (
    AUTH,
    REFUSED,
    UNREACHABLE,
    BrokerFailed,
    described,
)
from hookline.delivery.kinds.brokers.sign_in import ROLE_SECONDS, ROLE_SESSION, check_aws

# Error codes by which AWS refuses who is calling rather than what is asked; a 401 or 403
# with another code counts too (moto answers some of these with its HTTP status as code).
_AUTH_CODES = frozenset({
    "AccessDenied", "AccessDeniedException", "AuthFailure", "AuthorizationError",
    "ExpiredToken", "ExpiredTokenException", "IncompleteSignature",
    "IncompleteSignatureException", "InvalidAccessKeyId", "InvalidClientTokenId",
    "InvalidSignatureException", "InvalidToken", "MissingAuthenticationToken",
    "NotAuthorized", "RequestExpired", "SignatureDoesNotMatch", "UnrecognizedClientException",
    "KMSAccessDeniedException", "KmsAccessDenied"})
_SERVICE = {kinds.SQS: "sqs", kinds.SNS: "sns", kinds.EVENTBRIDGE: "events",
            kinds.KINESIS: "kinesis", kinds.S3: "s3"}


class _Pinned(AbstractResolver):
    """Answers the checked address for the checked host, and nothing for any other name:
    the request keeps the endpoint's name (Host, SigV4's signed host, TLS's SNI and
    certificate check) while the connection goes where the guard looked."""

    def __init__(self, host: str, ip: str) -> None:
        self.host, self.ip = host.strip("[]"), ip
        self.family = socket.AF_INET6 if ":" in ip else socket.AF_INET

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        if host.strip("[]") != self.host:
            raise OSError(f"{host} is not the checked endpoint {self.host}")
        return [ResolveResult(hostname=host, host=self.ip, port=port, family=self.family,
                              proto=0, flags=0)]

    async def close(self) -> None:
        return None


def _config(region: str, timeout: float, pinned: _Pinned | None) -> AioConfig:
    # One attempt per call, bounded by the attempt's time as the pool's own timeout is; no
    # proxy from the environment (the checked address is the one to connect to); S3 by path,
    # so the host stays the checked one rather than `bucket.` + it.
    return AioConfig(
        region_name=region, connect_timeout=timeout, read_timeout=timeout,
        retries={"total_max_attempts": 1, "mode": "standard"}, proxies={},
        connector_args={"resolver": pinned} if pinned is not None else None,
        warm_up_loader_caches=True, s3={"addressing_style": "path"},
        user_agent_appid="hookline", max_pool_connections=50)


class _AssumedRole(CredentialProvider):  # type: ignore[misc]
    """A role's credentials, assumed on first use and again before they expire, with the
    instance's chain (`base`) through STS (`sts_endpoint`)."""

    METHOD = "hookline-assume-role"

    def __init__(self, base: AioSession, credentials: dict[str, str], sts: dict[str, Any]
                 ) -> None:
        super().__init__()
        self._base, self._credentials, self._sts = base, credentials, sts

    async def load(self) -> AioDeferredRefreshableCredentials:
        return AioDeferredRefreshableCredentials(self._assume, "assume-role")

    async def _assume(self) -> dict[str, Any]:
        asked = {"RoleArn": self._credentials["roleArn"], "RoleSessionName": ROLE_SESSION,
                 "DurationSeconds": ROLE_SECONDS}
        if "externalId" in self._credentials:
            asked["ExternalId"] = self._credentials["externalId"]
        async with self._base.create_client("sts", **self._sts) as sts:
            got = (await sts.assume_role(**asked))["Credentials"]
        expires = got["Expiration"]
        return {"access_key": got["AccessKeyId"], "secret_key": got["SecretAccessKey"],
                "token": got["SessionToken"],
                "expiry_time": (expires if isinstance(expires, datetime)
                                else datetime.fromisoformat(expires)).astimezone(UTC).isoformat()}


class AwsConnection:
    """One publisher's clients for one service at one checked endpoint: made on first use
    (its session, credentials and the service's model in a thread), kept until `close`."""

    def __init__(self, models: Models, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, timeout: float) -> None:
        self.service = _SERVICE[address.kind]
        self.region = address.region or ""
        self._address = address
        self._models = models
        self._checked = checked
        self._credentials = credentials or {}
        self._timeout = timeout
        self._session: AioSession | None = None
        self._clients: dict[str, Any] = {}
        self._stack = contextlib.AsyncExitStack()
        self._opening = asyncio.Lock()

    async def client(self) -> Any:
        """The service's client."""
        return await self._client(self.service)

    async def sts(self) -> Any:
        """STS with the same credentials (GetCallerIdentity: who they are)."""
        return await self._client("sts")

    async def _client(self, service: str) -> Any:
        found = self._clients.get(service)
        if found is not None:
            return found
        async with self._opening:  # concurrent first publishes share one client
            if service not in self._clients:
                self._clients[service] = await self._open(service)
            return self._clients[service]

    async def _open(self, service: str) -> Any:
        try:
            credentials = check_aws(self._address.kind, self._credentials)
        except ValueError as exc:  # stored before the API checked them so
            raise BrokerFailed(AUTH, str(exc)) from None
        if self._session is None:
            self._session = await asyncio.to_thread(self._made_session, credentials)
        session: AioSession = self._session
        keys = {}
        if "accessKeyId" in credentials:
            keys = {"aws_access_key_id": credentials["accessKeyId"],
                    "aws_secret_access_key": credentials["secretAccessKey"],
                    "aws_session_token": credentials.get("sessionToken")}
        where = self._sts_endpoint() if service == "sts" else self._service_endpoint()
        client = session.create_client(service, **where, **keys)
        return await self._stack.enter_async_context(client)

    def _made_session(self, credentials: dict[str, str]) -> AioSession:
        session = self._models.session()
        if "roleArn" in credentials:
            role = _AssumedRole(self._models.session(), credentials, self._sts_endpoint())
            session.register_component("credential_provider", AioCredentialResolver([role]))
        return session

    def _service_endpoint(self) -> dict[str, Any]:
        checked = self._checked
        return {"endpoint_url": checked.endpoint, "region_name": self.region,
                "config": _config(self.region, self._timeout, _Pinned(checked.host, checked.ip))}

    def _sts_endpoint(self) -> dict[str, Any]:
        """STS at the target's `endpointOverride` when it has one (an emulator serves every
        service at one address), else AWS's regional STS: a fixed AWS host the tenant does
        not choose, reached without the guard's pin."""
        checked = self._checked
        if checked.endpoint and checked.endpoint != aws_endpoint(self._address):
            return self._service_endpoint()
        return {"endpoint_url": f"https://sts.{self.region}.amazonaws.com",
                "region_name": self.region, "config": _config(self.region, self._timeout, None)}

    async def close(self) -> None:
        stack, self._stack = self._stack, contextlib.AsyncExitStack()
        self._clients.clear()
        await stack.aclose()


def failure(exc: Exception, what: str) -> BrokerFailed | None:
    """What a failed call means for the attempt (`what`: the queue, topic... it was for),
    or None for an exception that is not AWS's answer nor the network's."""
    if isinstance(exc, boto.ClientError):
        error = exc.response.get("Error", {})
        code = str(error.get("Code", ""))
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
        text = _readable(str(error.get("Message", "")))
        if text.startswith("<"):  # moto's auth errors: an XML body under the status as code
            code, text = _from_xml(text, code)
        said = f"{exc.operation_name}: {code}: {text}"[:1000]
        if code in _AUTH_CODES or status in (401, 403):
            return BrokerFailed(AUTH, said)
        return BrokerFailed(REFUSED, f"{what}: {said}"[:1000])
    if isinstance(exc, boto.NoCredentialsError | boto.PartialCredentialsError
                  | boto.CredentialRetrievalError):
        return BrokerFailed(AUTH, described(exc))
    if isinstance(exc, boto.ParamValidationError):
        return BrokerFailed(REFUSED, f"{what}: {described(exc)}")
    if isinstance(exc, boto.ConnectionError | boto.HTTPClientError | aiohttp.ClientError
                  | OSError):
        return BrokerFailed(UNREACHABLE, described(exc))
    if isinstance(exc, boto.BotoCoreError | ResponseParserError | KeyError | IndexError
                  | TypeError | ValueError):
        # An answer that is not AWS's (a 200 with another body, STS's without XML): the
        # endpoint's failure, an attempt under the window and the breaker like any other,
        # not an error of ours that Temporal would retry without end.
        return BrokerFailed(REFUSED, f"{what}: the endpoint's answer is not AWS's "
                                     f"({type(exc).__name__}: {described(exc)})"[:1000])
    return None


def _readable(text: str) -> str:
    return " ".join(text.split())


def _from_xml(text: str, code: str) -> tuple[str, str]:
    found_code = re.search(r"<Code>([^<]*)</Code>", text)
    found_text = re.search(r"<Message>([^<]*)</Message>", text)
    return (found_code.group(1) if found_code else code,
            found_text.group(1) if found_text else text)

