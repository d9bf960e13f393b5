"""The operations endpoints and destinations share, written once: PATCH, DELETE, stats,
attempts and recover, added to each resource's router under its own paths, names and words.

No `from __future__ import annotations` here: FastAPI reads the handlers' annotations, and
they name the factory's arguments, which exist only while it runs."""

from dataclasses import dataclass
from functools import partial
from typing import Annotated, Any, Protocol

from fastapi import APIRouter, Depends, Path, Response
from fastapi.concurrency import run_in_threadpool

from api.deps import AuthDep, SenderDep, SessionDep, TemporalDep, TenantCodeDep
from api.dispatch import wake_cancelled
from api.explorer import attempt_filter
from api.pages import attempts_page
from api.routes.recoveries import RESPONSES, recover
from api.schemas.common import Page, PageLimit, problems
from api.schemas.credentials import stored
from api.schemas.deliveries import AttemptOut
from api.schemas.recoveries import RecoverIn, RecoveryStarted
from api.schemas.stats import HEALTH_DOC, Since, TargetStatsOut, stats_out
from api.tenant_code import TenantCode
from hookline.delivery.sender import Sender
from hookline.delivery.targets import Target
from hookline.persistence.queries.explorer import Filter
from hookline.services.accounts import Principal
from hookline.services.targets import (
    TargetPatch,
    TargetRow,
    check_patch_urls,
    check_token_url,
    check_transformation,
    check_url,
    checked_patch,
)
from hookline.target_kinds import POLLING
from hookline.usecases import targets


class _Out(Protocol):
    @classmethod
    def of(cls, row: TargetRow, given_headers: dict[str, str] | None = None) -> Any: ...


class _PatchIn(Protocol):
    url: str | None

    def to_patch(self) -> TargetPatch: ...


class _NewIn(Protocol):
    @property
    def url(self) -> str | None: ...  # None: a polling endpoint's, resolved already

    endpoint_override: str | None
    auth: Any


class _NewCodedIn(_NewIn, Protocol):
    transformation: str | None


async def check_addresses(sender: Sender, body: _NewIn, requires_https: bool) -> None:
    """A new target's URL and token URL, through the guard every delivery passes; outside
    any transaction, since it resolves names. A polling endpoint (`kind`, which only an
    endpoint's body has) has no address; anything else naming the sentinel is refused by
    the guard, as any URL of an unknown scheme."""
    if getattr(body, "kind", None) == POLLING:
        return
    assert body.url is not None  # only a polling endpoint's body has none, once resolved
    await check_url(sender, body.url, requires_https, endpoint_override=body.endpoint_override)
    await check_token_url(sender, stored(body.auth), requires_https)


async def check_new(body: _NewCodedIn, auth: Principal, sender: Sender, tenant: TenantCode
                    ) -> str | None:
    """What a new endpoint or destination is checked for before its transaction: its
    addresses, and its transformation on the API's executors. The code as stored."""
    await check_addresses(sender, body, auth.requires_https)
    code: str | None = await tenant.run(auth.environment_id, check_transformation,
                                        tenant.transforms, body.transformation,
                                        auth.environment_id)
    return code


@dataclass(frozen=True)
class TargetResource:
    """How one kind of target appears in the API."""

    kind: type[Target]
    path: str  # the path of one target, under the router's prefix
    param: str  # the path parameter that names it
    out: type[_Out]  # its record
    patch_in: type[_PatchIn]  # its PATCH body
    patch_doc: str
    recover_doc: str


def add_shared_routes(router: APIRouter, resource: TargetResource) -> None:
    kind, path, word = resource.kind, resource.path, resource.kind.KIND
    TargetId = Annotated[str, Path(alias=resource.param,
                                   title=resource.param.replace("_", " ").title())]
    Body = resource.patch_in
    Out = resource.out

    async def update(target_id: TargetId, body: Body, auth: AuthDep,  # type: ignore[valid-type]
                     session: SessionDep, sender: SenderDep, temporal: TemporalDep,
                     tenant: TenantCodeDep) -> Any:
        patch: TargetPatch = body.to_patch()  # type: ignore[attr-defined]
        env = auth.environment_id
        found = await run_in_threadpool(targets.find, session, kind, env, target_id)
        await check_patch_urls(sender, patch, found, auth.requires_https)
        patch = await tenant.run(env, checked_patch, tenant.transforms, patch, env)
        row, cancelled = await run_in_threadpool(targets.update, session, kind, env,
                                                 target_id, patch)
        await wake_cancelled(temporal, cancelled)
        return Out.of(row, patch.headers)

    async def delete(target_id: TargetId, auth: AuthDep, session: SessionDep,
                     temporal: TemporalDep) -> Response:
        cancelled = await run_in_threadpool(targets.delete, session, kind,
                                            auth.environment_id, target_id)
        await wake_cancelled(temporal, cancelled)
        return Response(status_code=204)

    def stats(target_id: TargetId, auth: AuthDep, session: SessionDep,
              since: Since = None) -> TargetStatsOut:
        return stats_out(*targets.stats(session, kind, auth.environment_id, target_id, since))

    def list_attempts(target_id: TargetId, auth: AuthDep, session: SessionDep,
                      found: Annotated[Filter, Depends(attempt_filter)],
                      cursor: str | None = None, limit: PageLimit = 50) -> Page[AttemptOut]:
        targets.find(session, kind, auth.environment_id, target_id)
        return attempts_page(session, target_id, found, cursor, limit)

    async def recover_target(target_id: TargetId, body: RecoverIn, auth: AuthDep,
                             session: SessionDep, temporal: TemporalDep) -> Response:
        return await recover(partial(targets.find, session, kind, auth.environment_id,
                                     target_id), body, auth.environment_id, session, temporal)

    router.add_api_route(
        path, update, methods=["PATCH"], name=f"update_{word}", response_model=Out,
        responses=problems(404), description=resource.patch_doc)
    router.add_api_route(
        path, delete, methods=["DELETE"], name=f"delete_{word}", status_code=204,
        responses=problems(404), description="Its waiting Deliveries are cancelled; its "
                                             "delivery history stays.")
    router.add_api_route(
        f"{path}/stats", stats, methods=["GET"], name=f"get_{word}_stats",
        response_model=TargetStatsOut, responses=problems(404), description=HEALTH_DOC)
    router.add_api_route(
        f"{path}/attempts", list_attempts, methods=["GET"], name=f"list_{word}_attempts",
        response_model=Page[AttemptOut], responses=problems(404),
        description=f"The attempts to this {word}, newest first (the delivery explorer's "
                    "filters).")
    router.add_api_route(
        f"{path}/recover", recover_target, methods=["POST"], name=f"recover_{word}",
        status_code=202, response_model=RecoveryStarted, responses=RESPONSES,
        description=resource.recover_doc)
