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


def test_make_run_says_each_step_and_its_time() -> None:
    """Issue 68: the set-up that runs side by side says what it does, roughly how long it
    takes, and how long it took."""
    run = planned("run")
    for step in ("the Python environment (.venv)", "the filter engine (cel-go)",
                 "the transformations' V8 (isolated-vm, compiled)"):
        assert f'tools/step.sh begin "{step}"' in run and f'tools/step.sh end "{step}"' in run
    begun = subprocess.run([str(ROOT / "tools/step.sh"), "begin", "a step", "3 s"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout
    ended = subprocess.run([str(ROOT / "tools/step.sh"), "end", "a step"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout
    assert begun == "==> a step: started (about 3 s the first time)\n"
    assert ended in ("==> a step: done in 0 s\n", "==> a step: done in 1 s\n")


def test_every_apt_install_takes_its_turn() -> None:
    """`make -j` runs the test targets' installs side by side: each apt-get waits for the
    others (flock, and dpkg's own lock) instead of failing on dpkg's lock."""
    plan = planned("test")
    installs = [line for line in plan.splitlines() if "install -y" in line]
    assert len(installs) == 4, installs  # rabbitmq-server, postgresql, docker-compose, chromium
    for line in installs:
        assert f"flock {ROOT}/.tools/apt.lock sh -c" in line, line
        assert line.count("apt-get -o DPkg::Lock::Timeout=600") == 2, line
