"""What the API does to a delivery target of either kind (`DeliveryTarget`): find it in an
environment, read it with what the engine keeps of it, change the settings both kinds have,
disable and enable it, rotate its secret, replace its headers, delete it.

Nothing here commits: the use case that calls it owns the transaction
(`hookline.usecases.targets`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from sqlmodel import Session

from hookline.delivery import batches, gate, lines, targets
from hookline.delivery.gate import Health, health_of
from hookline.delivery.kinds.brokers.address import parse, parse_source
from hookline.delivery.targets import Target
from hookline.errors import NotFound, Unavailable, invalid
from hookline.persistence.models import Consumer, Environment
from hookline.services import operational, polling, target_credentials
from hookline.services.headers import check_headers, unmasked
from hookline.services.patch import KEEP, Keep
from hookline.services.scoped import get_in
from hookline.signing import (
    KEY_BYTES_MAX,
    KEY_BYTES_MIN,
    SCHEMES,
    V1,
    V1A,
    is_valid_key,
    new_key,
    scheme_of,
)
from hookline.target_kinds import is_broker, is_polling, kind_of
from hookline.tenant_code import filters, transformations
from hookline.tenant_code.transformations import TransformFailed
from hookline.timeutil import utcnow
from hookline.url_guard import DNSFailure, URLRefused

if TYPE_CHECKING:
    from hookline.delivery.sender import Sender
    from hookline.tenant_code.transform_pool import ExecutorPool

AnyTarget = TypeVar("AnyTarget", bound=Target)
KEY_RULES = {
    V1: f"must be 'whsec_' followed by the base64 of {KEY_BYTES_MIN} to {KEY_BYTES_MAX} random "
        "bytes",
    V1A: "must be 'whsk_' followed by the base64 of an ed25519 key: its 32-byte seed, then its "
         "32-byte public key"}


class TargetRow(NamedTuple):
    target: Target
    health: Health  # the breaker and the concurrency limit the engine keeps
    consumer: str = ""  # an endpoint's owning Consumer's externalId, which the API shows


@dataclass(frozen=True)
class TargetPatch:
    """Absent fields (None, or KEEP for the nullable ones) stay as they are."""

    url: str | None = None
    status: str | None = None  # enabled | disabled
    description: str | Keep | None = KEEP
    rate_limit: int | Keep | None = KEEP  # None: no limit
    filter: str | Keep | None = KEEP  # None: no filter
    transformation: str | Keep | None = KEEP  # None: none
    headers: dict[str, str] | None = None  # replaces all fixed headers
    # An endpoint's, checked by `endpoints` first: its event types, and a Svix endpoint's
    # uid (free within its Consumer), labels and channels.
    events: list[str] | None = None
    uid: str | Keep | None = KEEP
    metadata: dict[str, str] | None = None
    channels: list[str] | Keep | None = KEEP
    signature_headers: str | None = None  # an endpoint's: webhook | svix
    # How the receiver is reached (`target_credentials`), with the API's names: replaces
    # the stored object (its write-only members kept when left out); None removes it.
    auth: dict[str, Any] | Keep | None = KEEP
    tls: dict[str, Any] | Keep | None = KEEP
    # A broker target's (`target_credentials`): replaces the stored object (its write-only
    # members kept when left out); None removes it.
    credentials: dict[str, Any] | Keep | None = KEEP
    endpoint_override: str | Keep | None = KEEP
    ordering: dict[str, Any] | Keep | None = KEEP  # None: not ordered
    batch: dict[str, Any] | Keep | None = KEEP  # None: not batched


async def check_url(sender: Sender, url: str, require_https: bool, field: str = "url",
                    endpoint_override: str | None = None, reading: bool = False) -> None:
    """URL rules 1-5 at registration, with the same guard (and settings) as every delivery;
    a broker URL's broker, or its AWS service endpoint (`endpoint_override`, or AWS's own),
    passes the same rules. `reading`: a broker Source's URL (`parse_source`). Runs outside
    any transaction: it resolves DNS."""
    try:
        if reading:
            address = parse_source(url)
        elif not is_broker(url):
            await sender.guard(url, require_https)
            return
        else:
            address = parse(url)
    except URLRefused as exc:
        raise invalid(field, str(exc)) from None
    except DNSFailure as exc:
        raise invalid(field, f"the host does not resolve ({exc})") from None
    where = field if endpoint_override is None or address.host else "endpointOverride"
    if address.host is None and endpoint_override is None:
        return  # AWS's own endpoint, resolved at each attempt
    target_credentials.check_endpoint_override(url, endpoint_override)
    try:
        await sender.guard_broker(address, endpoint_override, require_https)
    except URLRefused as exc:
        raise invalid(where, str(exc)) from None
    except DNSFailure as exc:
        raise invalid(where, f"the host does not resolve ({exc})") from None


async def check_patch_urls(sender: Sender, patch: TargetPatch, target: Target,
                           require_https: bool) -> None:
    """A PATCH's URL, or the stored one with its new `endpointOverride`, and its token URL,
    through the guard (outside any transaction). A polling endpoint's patch is refused
    any address (`apply_patch`)."""
    if is_polling(target.url):
        return
    override = target.endpoint_override if isinstance(patch.endpoint_override, Keep) \
        else patch.endpoint_override
    if patch.url is not None or not isinstance(patch.endpoint_override, Keep):
        await check_url(sender, patch.url or target.url, require_https,
                        endpoint_override=override)
    await check_token_url(sender, patch.auth, require_https)


def instance_aws(session: Session, env_id: str) -> bool:
    """Whether an operator granted the environment the instance's own AWS identity."""
    env = session.get(Environment, env_id)
    return bool(env is not None and env.instance_aws)


def check_kind(session: Session, env_id: str, url: str, field: str = "url") -> None:
    """The environment allows targets of this URL's kind (its `targetKinds`)."""
    env = session.get(Environment, env_id)
    allowed = env.target_kinds if env is not None else None
    kind = kind_of(url)
    if allowed is not None and kind not in allowed:
        raise invalid(field, f"this environment does not allow {kind} targets (its "
                             f"targetKinds: {', '.join(allowed) or 'none'})")


async def check_token_url(sender: Sender, auth: dict[str, Any] | Keep | None,
                          require_https: bool) -> None:
    """An `auth`'s token URL, through the same guard as a target's URL."""
    if isinstance(auth, dict) and auth.get("tokenUrl"):
        await check_url(sender, auth["tokenUrl"], require_https, "auth.tokenUrl")


def check_scheme(scheme: str) -> str:
    if scheme not in SCHEMES:
        raise invalid("signatureScheme", "must be " + " or ".join(map(repr, SCHEMES)))
    return scheme


def signing_key(secret: str | None, scheme: str | None = None) -> str:
    """The key a target signs with: `secret` checked (a `whsec_` secret signs `v1`, a
    `whsk_` key `v1a`, and when both are given they must agree), or a new key of `scheme`
    (`v1` when neither is given)."""
    if secret is None:
        return new_key(check_scheme(scheme or V1))
    kind = scheme_of(secret)
    if scheme is not None and check_scheme(scheme) != kind:
        raise invalid("secret", f"signatureScheme {scheme!r} {KEY_RULES[scheme]}")
    if not is_valid_key(secret):
        raise invalid("secret", KEY_RULES[kind] if kind == V1A
                      else KEY_RULES[V1] + (", or 'whsk_' and an ed25519 key for v1a"))
    return secret


def checked_patch(transforms: ExecutorPool, patch: TargetPatch, env_id: str) -> TargetPatch:
    """The patch with its transformation (if it changes one) loaded and checked."""
    if isinstance(patch.transformation, Keep):
        return patch
    return replace(patch, transformation=check_transformation(transforms, patch.transformation,
                                                              env_id))


def check_transformation(transforms: ExecutorPool, source: object, env_id: str
                         ) -> str | None:
    """A transformation as the API takes it: loaded on the API's V8 executors within the
    limits every call has, and defining `handler`. Runs outside any transaction: it may wait
    for an executor's turn."""
    code = transformations.check(source)
    if code is None:
        return None
    try:
        defined = transforms.defines_handler(env_id, code)
    except TransformFailed as exc:
        if exc.unavailable:  # the executors', not the code's
            raise Unavailable(f"the transformation could not be checked: {exc}") from None
        raise invalid("transformation", str(exc)) from None
    if not defined:
        raise invalid("transformation", "must define `function handler(webhook)`")
    return code


def get_scoped(session: Session, kind: type[AnyTarget], env_id: str, target_id: str
               ) -> AnyTarget:
    return get_in(session, kind, env_id, target_id,
                  NotFound(f"{kind.KIND} {target_id!r} not found"))


def row_of(session: Session, target: Target) -> TargetRow:
    """The target with its health, and an endpoint's Consumer."""
    return TargetRow(target, health_of(session, [target.id])[target.id],
                     consumer_of(session, target))


def consumer_of(session: Session, target: Target) -> str:
    """An endpoint's owning Consumer's externalId ("" for a destination)."""
    owner = getattr(target, "consumer_id", None)
    consumer = session.get(Consumer, owner) if owner else None
    return consumer.external_id if consumer else ""


def apply_patch(session: Session, target: Target, patch: TargetPatch) -> list[str]:
    """Validates everything before changing anything. Returns the Deliveries a disable
    cancelled, whose workflows the caller wakes after its commit."""
    if is_polling(target.url):
        _check_polling_patch(patch)
    if patch.status not in (None, "enabled", "disabled"):
        raise invalid("status", "must be 'enabled' or 'disabled'")
    headers = None if patch.headers is None else check_headers(
        unmasked(patch.headers, target.custom_headers))
    if patch.signature_headers is not None:
        targets.check_signature_headers(patch.signature_headers)
    if not isinstance(patch.filter, Keep):
        target.filter = filters.check(patch.filter)
    if not isinstance(patch.transformation, Keep):  # loaded by the caller (checked_patch)
        target.transformation = transformations.check(patch.transformation)
    if not isinstance(patch.rate_limit, Keep):
        target.rate_limit = targets.check_rate_limit(patch.rate_limit)
    if not isinstance(patch.ordering, Keep):
        target.ordering = lines.check(patch.ordering)
    if not isinstance(patch.batch, Keep):
        target.batch = batches.check(patch.batch)
        batches.mirror(session, target.id, target.batch)
    if not isinstance(patch.auth, Keep):
        target.auth = target_credentials.check_auth(patch.auth, target.auth)
    if not isinstance(patch.tls, Keep):
        target.tls = target_credentials.check_tls(patch.tls, target.tls)
    url = patch.url or target.url
    if patch.url is not None:
        check_kind(session, target.environment_id, url)
    target.credentials, target.endpoint_override = target_credentials.changed(
        target_credentials.Held(target.url, target.credentials, target.endpoint_override),
        patch.url, patch.credentials, patch.endpoint_override, target.environment_id,
        instance_aws(session, target.environment_id))
    target_credentials.check_broker_fit(url, target.auth, target.tls)
    if patch.url is not None and patch.url != target.url:
        target.url = patch.url
        gate.forget(session, target.id)
    _apply_endpoint_fields(target, patch)
    if not isinstance(patch.description, Keep):
        target.description = patch.description
    if headers is not None:
        target.custom_headers = headers
    cancelled = set_status(session, target, patch.status) if patch.status else []
    target.updated_at = utcnow()
    session.add(target)
    return cancelled


def _check_polling_patch(patch: TargetPatch) -> None:
    """A polling endpoint keeps no URL, and takes none of what sending needs."""
    if patch.url is not None:
        raise invalid("url", "a polling endpoint has no URL: create an endpoint with one "
                             "instead")
    polling.check_settings({name: None if isinstance(value, Keep) else value for name, value in {
        "headers": patch.headers, "rateLimit": patch.rate_limit,
        "transformation": patch.transformation, "auth": patch.auth, "tls": patch.tls,
        "credentials": patch.credentials, "endpointOverride": patch.endpoint_override,
        "ordering": patch.ordering, "batch": patch.batch}.items()})


def _apply_endpoint_fields(target: Target, patch: TargetPatch) -> None:
    """What only an endpoint's patch has (checked by `endpoints` first)."""
    if patch.events is not None:
        target.events = patch.events
    if not isinstance(patch.uid, Keep):
        target.uid = patch.uid
    if patch.metadata is not None:
        target.metadata_ = patch.metadata
    if not isinstance(patch.channels, Keep):
        target.channels = patch.channels
    if patch.signature_headers is not None:
        target.signature_headers = patch.signature_headers


def set_status(session: Session, target: Target, status: str) -> list[str]:
    """Setting the state it is already in changes nothing (a disabled target keeps the
    reason it was disabled for; an enabled one keeps its failure count)."""
    if status == "disabled" and targets.is_enabled(target):
        targets.disable(target, automatically=False)
        return targets.cancel_waiting(session, target)
    if status == "enabled" and not targets.is_enabled(target):
        targets.enable(target)
        gate.forget(session, target.id)
        operational.notify(session, target.environment_id, f"{target.KIND}.enabled",
                           target, {})
        return lines.heads_of(session, target.id)  # held while it was disabled: to wake
    return []


def remove(session: Session, target: Target) -> list[str]:
    """Its Deliveries stay as history; the waiting ones are cancelled (returned, to wake)."""
    cancelled = targets.cancel_all(session, target)
    session.delete(target)
    return cancelled


def set_headers(session: Session, target: Target, headers: dict[str, str]) -> dict[str, str]:
    if is_polling(target.url):
        polling.check_settings({"headers": headers})
    target.custom_headers = check_headers(unmasked(headers, target.custom_headers))
    target.updated_at = utcnow()
    session.add(target)
    return dict(target.custom_headers)


def rotate(session: Session, target: Target, fresh: str,
           overlap: timedelta = targets.ROTATION_OVERLAP) -> str:
    """The previous secret keeps signing (next to the new one) for `overlap`: 24 hours
    unless a caller (Svix's `gracePeriodSeconds`) says otherwise."""
    targets.rotate(target, fresh, overlap)
    session.add(target)
    return fresh


def merge_headers(target: Target, changes: dict[str, str | None], removed: list[str]
                  ) -> dict[str, str]:
    """Its fixed headers with `changes` set (a None value removes that header) and the
    `removed` names removed, names matched without regard to case as HTTP matches them."""
    gone = {name.lower() for name in [*removed, *changes]}
    merged = {name: value for name, value in target.custom_headers.items()
              if name.lower() not in gone}
    merged.update({name: value for name, value in changes.items() if value is not None})
    return merged
