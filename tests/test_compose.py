"""Issue 2: docker-compose.yml is valid for the compose client (no Docker engine runs here)."""

from __future__ import annotations

import shutil
import subprocess

from tests.support.procs import REPO


def _compose() -> list[str]:
    if shutil.which("docker") and subprocess.run(
            ["docker", "compose", "version"], capture_output=True, check=False).returncode == 0:
        return ["docker", "compose"]
    found = shutil.which("docker-compose")
    assert found, "no compose client: `make test` installs docker-compose"
    return [found]


def test_compose_file_is_accepted() -> None:
    done = subprocess.run([*_compose(), "-f", str(REPO / "docker-compose.yml"), "config"],
                          capture_output=True, text=True, cwd=REPO, check=False)
    assert done.returncode == 0, done.stderr
    config = done.stdout
    for service in ("postgres:", "temporal:", "temporal-ui:", "api:", "worker:", "migrate:"):
        assert f"  {service}" in config, service
    assert config.count("HOOKLINE_DATABASE_URL: postgresql+psycopg://") == 3
    assert config.count("HOOKLINE_TEMPORAL_ADDRESS: temporal:7233") == 3
