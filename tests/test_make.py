"""The README's two commands: `make run` installs what running needs, `make test` the rest
(the [dev] extra: tests, linters, benchmarks, provider SDKs). Dry runs (`make -n -B`), so
nothing is installed here."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def planned(target: str) -> str:
    return subprocess.run(["make", "-n", "-B", target], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


def test_make_run_installs_only_the_runtime() -> None:
    run = planned("run")
    assert "pip install --quiet -e .\n" in run and "[dev]" not in run
    assert "hookline up" in run


def test_make_test_adds_the_dev_extra() -> None:
    test = planned("test")
    assert "pip install --quiet -e .\n" in test and 'pip install --quiet -e ".[dev]"' in test
    assert test.index('".[dev]"') < test.index("bin/pytest")
