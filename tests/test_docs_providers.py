"""Issue 36: the provider catalogue in docs is the registry's, and `hookline providers list`
prints the same providers as GET /v1/ingest/providers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hookline.providers import catalogue, registry

ROOT = Path(__file__).resolve().parent.parent


def test_committed_catalogue_is_generated_from_the_registry() -> None:
    committed = (ROOT / "docs" / "PROVIDERS.md").read_text()
    assert committed == catalogue.markdown(), "run `make providers-doc` and commit the result"
    for code in registry.PROVIDERS:
        assert f"`{code}`" in committed


def _cli(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "cli", "providers", "list", *args],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cli_lists_every_provider() -> None:
    lines = _cli().splitlines()
    assert lines[0].split("\t") == ["code", "name", "verification", "eventIdLocation",
                                    "handshake"]
    assert [line.split("\t")[0] for line in lines[1:]] == list(registry.PROVIDERS)
    items = json.loads(_cli("--json"))["items"]
    assert items == catalogue.rows()
    assert len(items) - 1 >= 45
    assert _cli("--markdown") == catalogue.markdown()
