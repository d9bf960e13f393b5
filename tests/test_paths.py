"""The paths issue 66 measures, traced for real (`bench/moves.py`: one warm publish, the
Svix message create and one HTTP attempt, in-process on SQLite with a loopback receiver):
what each path enters, not how fast it runs. An HTTP attempt enters no broker module."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.support.procs import REPO


def test_an_http_attempt_enters_no_broker_module() -> None:
    env = {**os.environ, "HOOKLINE_ENCRYPTION_KEYS": ""}
    printed = subprocess.run([sys.executable, "-m", "bench.moves"], cwd=REPO, env=env,
                             capture_output=True, text=True, timeout=300, check=True).stdout
    attempt = re.search(r"^attempt: (\d+) moves between (\d+) files; .*broker files entered: "
                        r"(.*)$", printed, re.MULTILINE)
    assert attempt is not None, printed
    assert attempt.group(3) == "none", printed
    entered = printed[attempt.end():]
    assert "hookline/delivery/kinds/http/sender.py" in entered, printed
