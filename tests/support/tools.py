"""What `make` builds or installs beyond Python's packages, each found or named with the
make target that provides it. The tier a test lands in (tests/support/tiers.py) follows
from the fixtures built on these."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.support.procs import REPO


def _present(path: Path, target: str) -> Path:
    assert path.exists(), f"{path.relative_to(REPO)} is missing: run `make {target}`"
    return path


def cel() -> Path:
    return _present(REPO / "hookline" / "tenant_code" / "_celgo.so", "venv")


def v8() -> Path:
    return _present(REPO / "hookline" / "tenant_code" / "v8" / "node_modules" / ".installed",
                    "venv")


def helm() -> str:
    found = shutil.which("helm")
    return found or str(_present(REPO / ".tools" / "bin" / "helm", "tools-helm"))


def compose() -> list[str]:
    if shutil.which("docker") and subprocess.run(
            ["docker", "compose", "version"], capture_output=True, check=False).returncode == 0:
        return ["docker", "compose"]
    found = shutil.which("docker-compose")
    assert found, "no compose client: run `make compose` (apt-get install docker-compose)"
    return [found]


def codegen() -> Path:
    _present(REPO / "clients" / "typescript" / "node_modules" / ".installed", "codegen")
    return _present(REPO / ".tools" / "codegen" / "bin" / "openapi-python-client", "codegen")


def kafka() -> Path:
    """The folder of Kafka's jars, for `java -cp 'FOLDER/*'`; Java 17 or later runs them."""
    assert shutil.which("java"), "no java: Kafka's broker runs on Java 17 (apt-get install maven)"
    return _present(REPO / ".tools" / "kafka" / ".installed", "tools-brokers").parent


def rabbitmq() -> Path:
    """Debian's rabbitmq-server script (not the service: tests run nodes of their own)."""
    path = Path("/usr/lib/rabbitmq/bin/rabbitmq-server")
    assert path.exists(), "no RabbitMQ: run `make tools-brokers` (apt-get install rabbitmq-server)"
    return path


def epmd() -> str:
    """Erlang's port mapper, which Debian's erlang-base puts on PATH."""
    found = shutil.which("epmd") or next(
        (str(p) for p in sorted(Path("/usr/lib/erlang").glob("erts-*/bin/epmd"))), None)
    assert found, "no epmd: run `make tools-brokers` (apt-get install rabbitmq-server)"
    return found
