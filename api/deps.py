"""Request dependencies: a database session, the authenticated principal, the Temporal client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

import anyio
from fastapi import Depends, Request
from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session
from temporalio.client import Client

from api.tenant_code import TenantCode
from hookline.delivery.sender import Sender
from hookline.errors import Unauthorized
from hookline.persistence.batches import BatchWriter
from hookline.persistence.db import begin_reading, get_engine, get_read_engine
from hookline.services import accounts
from hookline.services.accounts import Principal
from hookline.tenant_code.filter_pool import FilterPool
from hookline.usecases.admission import admit, over_rate


async def get_session(request: Request) -> AsyncIterator[Session]:
    """Reads (GET) run without SQLite's write lock; everything else takes it when it first
    touches the database. Async: opening a Session does no I/O, so only closing it (which
    returns the connection) costs a trip to the thread pool."""
    read_only = request.method in ("GET", "HEAD")
    engine = get_read_engine() if read_only else get_engine()
    session = Session(engine, expire_on_commit=False)
    try:
        yield session
    finally:
        # Shielded: a cancelled request must still end its transaction, or on SQLite it
        # would keep the write lock that every writer waits for.
        with anyio.CancelScope(shield=True):
            await run_in_threadpool(session.close)


SessionDep = Annotated[Session, Depends(get_session)]


def _bearer(header: str | None) -> str:
    if not header:
        raise Unauthorized("send your API key as 'Authorization: Bearer <key>'")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip() or " " in key.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <key>'")
    return key.strip()


def authenticate(request: Request, session: SessionDep) -> Principal:
    return authenticate_key(request, session, bearer_key(request))


def bearer_key(request: Request) -> str:
    """The API key of `Authorization: Bearer <key>` (401 without one)."""
    return _bearer(request.headers.get("authorization"))


def authenticate_key(request: Request, session: Session, key: str) -> Principal:
    """The key's principal, counted against its organization's rate (401, 429)."""
    begin_reading(session)
    principal = accounts.authenticate(session, key)
    session.commit()  # end the read: the route's writes must take the write lock
    decision = request.state.ratelimit = admit(session, principal)
    if (refused := over_rate(principal, decision)) is not None:
        raise refused
    return principal


AuthDep = Annotated[Principal, Depends(authenticate)]


async def get_temporal(request: Request) -> Client:  # async: no thread hop
    client: Client = request.app.state.temporal
    return client


TemporalDep = Annotated[Client, Depends(get_temporal)]


def batches_of(request: Request) -> BatchWriter:
    """The process's group commit, for the busiest routes (publish, ingestion)."""
    writer: BatchWriter = request.app.state.batches
    return writer


def tenant_code_of(request: Request) -> TenantCode:
    """Where tenants' code runs for previews and checks, and the API's V8 executors
    (`api.tenant_code`)."""
    found: TenantCode = request.app.state.tenant_code
    return found


TenantCodeDep = Annotated[TenantCode, Depends(tenant_code_of)]


def filter_pool_of(request: Request) -> FilterPool:
    """Where the batched routes' filters run (`hookline.tenant_code.filter_pool`)."""
    pool: FilterPool = request.app.state.filter_pool
    return pool


async def get_sender(request: Request) -> Sender:
    """The API's one Sender: URL checks at registration and the endpoint test."""
    sender: Sender = request.app.state.sender
    return sender


SenderDep = Annotated[Sender, Depends(get_sender)]
