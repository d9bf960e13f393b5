"""`hookline import svix`: copies what a Svix server holds into a Hookline environment,
through Svix's API on both sides (Hookline answers it under /api/v1): event types with
their schemas, applications (their Svix id becomes the uid when they have none, so code that
names them by that id keeps working), and their endpoints with secret, fixed headers,
filters, channels, rate and state. It reads and writes no message: history stays where it
was. Run it again to copy what is new: an event type by name, an application by uid and an
endpoint by uid (or, without one, by URL) that the environment has already is left
alone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hookline.signing import PUBLIC_KEY_PREFIX, new_signing_key

if TYPE_CHECKING:  # imported when the command runs: every `hookline` start reads this module
    import httpx

ENDPOINT_FIELDS = ("url", "description", "uid", "channels", "throttleRate", "disabled",
                   "metadata")
TIMEOUT = 30.0


@dataclass
class Report:
    """What happened to each object, one line each, in the order they were copied."""

    lines: list[str] = field(default_factory=list)
    failed: int = 0

    def say(self, line: str, failed: bool = False) -> None:
        self.lines.append(line)
        self.failed += failed


def _pages(client: httpx.Client, path: str, **query: str) -> Iterator[dict[str, Any]]:
    """Every item of one of Svix's lists, page after page."""
    params: dict[str, Any] = {"limit": 250, **query}
    while True:
        page = _ok(client.get(path, params=params))
        yield from page["data"]
        if page["done"] or not page["data"]:
            return
        params["iterator"] = page["iterator"]


def _ok(answer: httpx.Response) -> Any:
    answer.raise_for_status()
    return answer.json()


def _why(answer: httpx.Response) -> str:
    try:
        detail = answer.json().get("detail")
    except ValueError:
        return f"{answer.status_code} {answer.text[:200]}"
    if isinstance(detail, list):  # Svix's validation errors
        return "; ".join(f"{'.'.join(map(str, e.get('loc', ())[1:]))}: {e.get('msg')}"
                         for e in detail)
    return f"{answer.status_code} {detail}"


def _made(answer: httpx.Response, exists: Callable[[httpx.Response], bool]) -> str | None:
    """None when made; "exists" when the target has it already; else why it was refused."""
    if answer.is_success:
        return None
    return "exists" if exists(answer) else _why(answer)


def copy_event_types(source: httpx.Client, target: httpx.Client, report: Report) -> None:
    for kind in _pages(source, "/api/v1/event-type", with_content="true"):
        body = {key: kind[key] for key in ("name", "description", "deprecated", "schemas")
                if kind.get(key) is not None}
        answer = target.post("/api/v1/event-type", json=body)
        outcome = _made(answer, lambda a: a.status_code == 409)
        note = " (its featureFlag is not copied)" if kind.get("featureFlag") else ""
        report.say(f"event type {kind['name']}: {outcome or 'copied'}{note}",
                   failed=outcome not in (None, "exists"))


def copy_applications(source: httpx.Client, target: httpx.Client, report: Report) -> None:
    for app in _pages(source, "/api/v1/app"):
        uid = app.get("uid") or app["id"]
        body = {"name": app["name"], "uid": uid, "metadata": app.get("metadata") or {},
                "throttleRate": app.get("throttleRate")}
        answer = target.post("/api/v1/app", json=body, params={"get_if_exists": "true"})
        if answer.status_code == 422 and not app.get("uid"):
            # An id of Hookline's own (`csm_`) cannot be a uid: copied without one, it is
            # copied again on each run.
            answer = target.post("/api/v1/app", json={**body, "uid": None})
            uid = answer.json().get("id", uid) if answer.is_success else uid
        if not answer.is_success:
            report.say(f"application {uid}: {_why(answer)}", failed=True)
            continue
        report.say(f"application {uid}: {'exists' if answer.status_code == 200 else 'copied'}"
                   f" ({answer.json()['id']})")
        there = list(_pages(target, f"/api/v1/app/{uid}/endpoint"))
        for endpoint in _pages(source, f"/api/v1/app/{app['id']}/endpoint"):
            copy_endpoint(source, target, app["id"], uid, endpoint, there, report)


def _same(endpoint: dict[str, Any], there: list[dict[str, Any]]) -> bool:
    """The application has it already: by uid, or (it has none: Svix's `ep_` ids cannot
    be uids here) by URL."""
    if endpoint.get("uid"):
        return any(e.get("uid") == endpoint["uid"] for e in there)
    return any(e["url"] == endpoint["url"] for e in there)


def copy_endpoint(source: httpx.Client, target: httpx.Client, app_id: str, uid: str,
                  endpoint: dict[str, Any], there: list[dict[str, Any]], report: Report
                  ) -> None:
    """With its secret, and the fixed headers Svix shows: a sensitive one (Authorization
    and the like) is shown by name only, so it is named in the report, to set again. One
    the target's application has (`there`) is left alone."""
    name = f"endpoint {endpoint['id']} of {uid}"
    if _same(endpoint, there):
        report.say(f"{name}: exists")
        return
    where = f"/api/v1/app/{app_id}/endpoint/{endpoint['id']}"
    secret = _ok(source.get(where + "/secret"))["key"]
    headers = _ok(source.get(where + "/headers"))
    body = {key: endpoint[key] for key in ENDPOINT_FIELDS if endpoint.get(key) is not None}
    # An asymmetric endpoint's signing key never leaves Svix (its secret reads as the public
    # key): a new one signs here, and its receivers must be given the new public key.
    rekeyed = secret.startswith(PUBLIC_KEY_PREFIX)
    body.update(secret=new_signing_key() if rekeyed else secret,
                headers=headers.get("headers") or {})
    if endpoint.get("eventTypes") or endpoint.get("filterTypes"):
        body["eventTypes"] = endpoint.get("eventTypes") or endpoint.get("filterTypes")
    answer = target.post(f"/api/v1/app/{uid}/endpoint", json=body)
    if not answer.is_success:
        report.say(f"{name}: {_why(answer)}", failed=True)
        return
    report.say(f"{name}: copied as {answer.json()['id']}")
    if rekeyed:
        fresh = _ok(target.get(f"/api/v1/app/{uid}/endpoint/{answer.json()['id']}/secret"))
        report.say(f"{name}: signs v1a with a new key (Svix never shows its signing key): "
                   f"give its receivers the public key {fresh['key']}")
    for header in headers.get("sensitive") or ():
        report.say(f"{name}: header {header} is not copied (Svix shows its name only): "
                   f"set it with PATCH /api/v1/app/{uid}/endpoint/{answer.json()['id']}"
                   "/headers")


def client(url: str, token: str) -> httpx.Client:
    import httpx

    return httpx.Client(base_url=url.rstrip("/"), timeout=TIMEOUT,
                        headers={"Authorization": f"Bearer {token}"})


def svix(
    source_url: Annotated[str, typer.Option(
        "--from", metavar="URL", help="The Svix server's URL (its origin, as the SDKs take it).")],
    source_token: Annotated[str, typer.Option(
        "--from-token", envvar="SVIX_TOKEN", metavar="TOKEN",
        help="A token of the Svix server's (or SVIX_TOKEN).")],
    target_url: Annotated[str, typer.Option(
        "--to", metavar="URL", help="Hookline's API URL.")] = "http://127.0.0.1:8000",
    target_key: Annotated[str, typer.Option(
        "--to-key", envvar="HOOKLINE_API_KEY", metavar="KEY",
        help="A Hookline API key of the environment to copy into (or HOOKLINE_API_KEY).")] = "",
) -> None:
    """Copy a Svix server's event types, applications and endpoints (secrets and headers
    included) into the environment of a Hookline API key. Messages are not copied."""
    if not target_key:
        raise typer.BadParameter("give --to-key or HOOKLINE_API_KEY", param_hint="--to-key")
    import httpx

    report = Report()
    with client(source_url, source_token) as source, client(target_url, target_key) as target:
        try:
            copy_event_types(source, target, report)
            copy_applications(source, target, report)
        except httpx.HTTPError as exc:
            report.say(f"stopped: {exc}", failed=True)
    for line in report.lines:
        typer.echo(line)
    raise typer.Exit(1 if report.failed else 0)
