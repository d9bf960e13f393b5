"""`hookline listen --poll`: pulls a polling endpoint's messages (`services/polling`) the
way its Consumer would, prints each with its signature checked as `listen` checks a push,
and commits each page once printed. For a developer's laptop, where nothing can reach in."""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

import httpx

from cli.listen import NOT_CHECKED, Secret, interrupt, render, verdict

PAGE = 100
EVERY = 2.0  # seconds between pulls once nothing is left


class PollRefused(Exception):
    """The API refused the pull: a token not this endpoint's, an endpoint not polling."""


def poll_url_of(given: str, public_url: str) -> str:
    """A poll URL as given, or an endpoint's id at this service's public URL."""
    if given.startswith(("http://", "https://")):
        return given.rstrip("/")
    return f"{public_url.rstrip('/')}/v1/poll/{given}"


def pull_once(http: httpx.Client, url: str, secrets: Sequence[Secret], out: TextIO) -> bool:
    """One page printed and committed; True when nothing more is waiting."""
    page = _answer(http.get(url, params={"limit": PAGE}))
    for message in page["data"]:
        body = message["body"].encode()
        headers = {name.lower(): value for name, value in message["headers"].items()}
        out.write(render("PULL", f"{message['eventType']} ({message['status']})", headers,
                         body, verdict(secrets, body, headers)))
        out.flush()
    if page["data"]:
        _answer(http.post(f"{url}/commit", json={"cursor": page["cursor"]}))
    return bool(page["done"])


def pull(url: str, token: str, secrets: Sequence[Secret], out: TextIO = sys.stdout,
         every: float = EVERY) -> None:
    """Pull until Ctrl-C or SIGTERM. Raises PollRefused."""
    checking = (f"checked with {len(secrets)} secret(s): "
                + ", ".join(secret.label for secret in secrets) if secrets else NOT_CHECKED)
    out.write(f"Pulling {url} every {every:g} s (Ctrl-C to stop)\nSignatures: {checking}\n\n")
    out.flush()
    signal.signal(signal.SIGTERM, interrupt)
    try:
        with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
            while True:
                try:
                    done = pull_once(http, url, secrets, out)
                except httpx.TransportError as exc:  # the API restarting: try again
                    out.write(f"--- cannot reach {url} ({exc}); trying again\n")
                    done = True
                if done:
                    time.sleep(every)
    except KeyboardInterrupt:
        pass
    out.write("Stopped.\n")


def _answer(response: httpx.Response) -> Any:
    if response.status_code >= 400:
        try:
            detail = response.json().get("detail") or response.text
        except ValueError:
            detail = response.text
        raise PollRefused(f"{response.status_code}: {detail}")
    return response.json()
