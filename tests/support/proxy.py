"""A forward proxy the tests run: pproxy (HTTP CONNECT or SOCKS5) in a process of its own,
logging each tunnel it opens, so a test sees what the proxy was asked for. pproxy's own
command line cannot start under the uvloop the service installs, so this module serves it
on asyncio's loop: `python -m tests.support.proxy http://127.0.0.1:PORT`."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pproxy

from tests.support.procs import free_port, spawn, stop, wait_port

# pproxy's line for a tunnel: `http 127.0.0.1:50122 -> 127.0.0.1:8080`.
_TUNNEL = re.compile(r" -> (\S+):(\d+)\s*$")


class Proxy:
    """One proxy, `kind` http or socks5, on a free loopback port."""

    def __init__(self, folder: Path, kind: str = "http", port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"{kind}://127.0.0.1:{self.port}"
        self.log = folder / f"proxy-{kind}-{self.port}.log"
        self.proc: subprocess.Popen[bytes] = spawn(
            [sys.executable, "-m", "tests.support.proxy", self.url], {}, self.log)
        wait_port(self.port, 30, self.proc)

    def tunnels(self) -> list[str]:
        """`host:port` of every tunnel asked for so far, in order."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [f"{m.group(1)}:{m.group(2)}" for line in text.splitlines()
                if (m := _TUNNEL.search(line))]

    def stop(self) -> None:
        stop(self.proc, kill=True)


async def _serve(url: str) -> None:
    server = pproxy.Server(url)
    await server.start_server({"rserver": [], "verbose": lambda text: print(text, flush=True)})
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(_serve(sys.argv[1]))
