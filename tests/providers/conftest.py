"""Fixtures for the provider tests: a fixed clock and an Incoming factory."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import parse_qsl, urlsplit

import pytest

from hookline.providers.base import Incoming

# 2026-01-01T00:00:00Z; every signature timestamp in these tests is relative to it.
NOW = 1_767_225_600
URL = "https://hooks.example.com/in/src_tok_4f9a"


class MakeIncoming(Protocol):
    def __call__(
        self,
        body: bytes = b"",
        headers: Mapping[str, str] | None = None,
        *,
        method: str = "POST",
        url: str = URL,
        now: float = NOW,
    ) -> Incoming: ...


def _make(
    body: bytes = b"",
    headers: Mapping[str, str] | None = None,
    *,
    method: str = "POST",
    url: str = URL,
    now: float = NOW,
) -> Incoming:
    # Mirrors the ingestion route: lowercase header names, query parsed from the URL.
    return Incoming(
        method=method,
        url=url,
        headers={k.lower(): v for k, v in (headers or {}).items()},
        body=body,
        query=dict(parse_qsl(urlsplit(url).query, keep_blank_values=True)),
        now=now,
    )


@dataclass(frozen=True)
class Env:
    """What table-driven case builders need: they are plain functions taking this."""

    make: MakeIncoming
    now: int = NOW
    url: str = URL


@pytest.fixture
def env() -> Env:
    return Env(make=_make)


@pytest.fixture
def make_incoming() -> MakeIncoming:
    return _make


@pytest.fixture
def now() -> int:
    return NOW


@pytest.fixture
def url() -> str:
    return URL
