"""Issue 36: the provider catalogue in docs is the registry's, and `hookline providers list`
prints the same providers as GET /v1/ingest/providers."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

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


def _on_a_terminal(columns: int, *args: str) -> list[str]:
    """`hookline ARGS` with a terminal of `columns` for stdout, as a person runs it."""
    main, side = pty.openpty()
    env = {**os.environ, "COLUMNS": str(columns)}
    done = subprocess.run([sys.executable, "-m", "cli", *args], stdout=side,
                          stderr=subprocess.PIPE, env=env, timeout=60, cwd=ROOT, check=False)
    os.close(side)
    seen = b""
    with contextlib.suppress(OSError):  # EIO once the terminal's other side is closed
        while chunk := os.read(main, 65536):
            seen += chunk
    os.close(main)
    assert done.returncode == 0, done.stderr
    return seen.decode().replace("\r\n", "\n").splitlines()


@pytest.mark.parametrize("columns", [60, 100])
def test_on_a_terminal_the_list_fits_its_width_and_show_gives_one_in_full(
        columns: int) -> None:
    """Issue 50: the tab-separated dump, far wider than a terminal, is for programs; a
    person reads aligned columns cut to the width, and `providers show CODE` for the rest."""
    lines = _on_a_terminal(columns, "providers", "list")
    assert lines[0].split() == ["CODE", "VERIFICATION", "NAME"]
    assert [line.split()[0] for line in lines[1:]] == list(registry.PROVIDERS)
    assert max(len(line) for line in lines) <= columns, lines
    assert any(line.endswith("…") for line in lines) == (columns < 70)

    shown = _on_a_terminal(columns, "providers", "show", "okta")
    assert max(len(line) for line in shown) <= columns, shown
    text = " ".join(" ".join(shown).split())
    okta = next(row for row in catalogue.rows() if row["code"] == "okta")
    for value in (okta["name"], okta["scheme"], okta["eventIdLocation"], okta["handshake"]):
        assert " ".join(value.split()) in text, value
    assert "needs a secret: yes" in text


def test_show_names_one_provider_or_refuses_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "cli", "providers", "show", "github",
                           "--json"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert json.loads(done.stdout) == next(r for r in catalogue.rows() if r["code"] == "github")
    generic = subprocess.run([sys.executable, "-m", "cli", "providers", "show", "generic"],
                             capture_output=True, text=True, timeout=60, cwd=ROOT).stdout
    assert "providerConfig:" in generic and "signatureHeader" in generic
    done = subprocess.run([sys.executable, "-m", "cli", "providers", "show", "gitlub"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "error: no provider 'gitlub' (`hookline providers list` shows them)\n"
