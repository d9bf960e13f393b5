"""Who is connected to a loopback port, as the kernel sees it (/proc/net/tcp): what a
process holds open, without asking it."""

from __future__ import annotations

from pathlib import Path

_ESTABLISHED = "01"


def clients_of(port: int) -> int:
    """Established IPv4 connections to `port` (their client ends: the server's own ends,
    whose local port it is, are not counted)."""
    found = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        remote, state = fields[2], fields[3]
        if state == _ESTABLISHED and int(remote.rsplit(":", 1)[1], 16) == port:
            found += 1
    return found
