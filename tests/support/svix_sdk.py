"""What the tests of the Svix-compatible API share: Svix's Python SDK pointed at a stack,
its requests recorded for the ledger (`tests/support/svix_ledger.py`), and the fixtures a
module of them declares at its top, as `in_process_stack` is declared:
`seen, ledger, svix, http = svix_sdk.fixtures()`. `ledger` checks, after each test, that
the test made every operation the ledger gives it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from svix.api import Svix, SvixOptions
from svix.exceptions import HttpError

from tests.support import svix_ledger
from tests.support.stack import Stack, Tenant


def sdk(stack: Stack, token: str, seen: set[tuple[str, str]]) -> Svix:
    client = Svix(token, SvixOptions(server_url=stack.base_url))
    svix_ledger.watch(client._httpx_client, seen)  # observes the SDK's requests only
    return client


def status_of(error: pytest.ExceptionInfo[HttpError]) -> tuple[int, str]:
    return error.value.status_code, error.value.code


def fixtures() -> tuple[Any, Any, Any, Any]:
    """`seen` (the requests a test's clients made), the autouse `ledger`, `svix` (the SDK
    with the tenant's key) and `http` (the tenant's httpx client, watched too)."""

    @pytest.fixture(name="seen")
    def seen_() -> set[tuple[str, str]]:
        return set()

    @pytest.fixture(name="ledger", autouse=True)
    def ledger_(request: pytest.FixtureRequest, seen: set[tuple[str, str]]) -> Iterator[None]:
        yield
        svix_ledger.check(f"{request.path.name}::{request.node.originalname}", seen)

    @pytest.fixture(name="svix")
    def svix_(stack: Stack, tenant: Tenant, seen: set[tuple[str, str]]) -> Svix:
        return sdk(stack, tenant.key, seen)

    @pytest.fixture(name="http")
    def http_(tenant: Tenant, seen: set[tuple[str, str]]) -> httpx.Client:
        return svix_ledger.watch(tenant.client, seen)

    return seen_, ledger_, svix_, http_
