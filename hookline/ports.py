"""The ports `hookline up`, `api` and `worker` serve on. The command that chooses a port binds
it and hands the listening socket to the process that serves it, so nothing can take the
port between a check and a bind, and whatever answers there is ours. A port that cannot be
had is one line naming the setting that moves it."""

from __future__ import annotations

import errno
import socket


class PortUnavailable(Exception):
    """One line for the operator: the port, and the setting to change. `in_use`: another
    process has the port (rather than the address being wrong)."""

    def __init__(self, message: str, in_use: bool) -> None:
        super().__init__(message)
        self.in_use = in_use


def listen(host: str, port: int, setting: str, host_setting: str = "") -> socket.socket:
    """A socket bound to host:port and listening; PortUnavailable if it cannot be, naming
    `setting` for a port in use and `host_setting`, when given, for any other failure."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    # As uvicorn binds: a port whose last connections are in TIME_WAIT is free again.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PortUnavailable(f"port {port} on {host} is in use: set {setting} to a "
                                  "free port", in_use=True) from None
        raise PortUnavailable(f"cannot listen on {host}:{port} ({exc.strerror or exc}): "
                              f"set {host_setting or setting}", in_use=False) from None
    return sock


def listen_or_any(host: str, port: int, setting: str, host_setting: str = "") -> socket.socket:
    """host:port when it is free, else a port the system picks (read it off the socket)."""
    try:
        return listen(host, port, setting, host_setting)
    except PortUnavailable as exc:
        if not exc.in_use:
            raise
        return listen(host, 0, setting, host_setting)


def ensure_free(host: str, port: int, setting: str) -> None:
    """For a port a program we do not build binds itself (the Temporal dev server): free now,
    or PortUnavailable. It cannot be held for that program, so a race stays possible; the
    program's own exit then says so."""
    listen(host, port, setting).close()


def inherited(fd: int) -> socket.socket:
    """The listening socket a parent handed down (`hookline up`, socket activation); family
    and type are read off the descriptor. PortUnavailable unless it is a stream socket."""
    try:
        sock = socket.socket(fileno=fd)
    except OSError as exc:
        raise PortUnavailable(f"file descriptor {fd} is not a socket ({exc.strerror or exc})",
                              in_use=False) from None
    if sock.type != socket.SOCK_STREAM:
        sock.detach()
        raise PortUnavailable(f"file descriptor {fd} is not a stream socket", in_use=False)
    return sock


def port_of(sock: socket.socket) -> int:
    return int(sock.getsockname()[1])
