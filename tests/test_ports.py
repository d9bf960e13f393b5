"""Issue 50: the ports `hookline up`, `api` and `worker` serve on (hookline/ports.py). A port
another process holds names the setting that moves it; an address that cannot be had names
the host's setting; only a port in use falls back to one the system picks; a socket handed
down must be a stream socket."""

from __future__ import annotations

import os
import socket

import pytest

from hookline import ports


def test_a_port_in_use_names_its_setting_and_only_it_falls_back() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ports.PortUnavailable) as used:
            ports.listen("127.0.0.1", port, "PORT_SETTING", "HOST_SETTING")
        assert used.value.in_use
        assert str(used.value) == f"port {port} on 127.0.0.1 is in use: set PORT_SETTING to " \
                                  "a free port"
        with ports.listen_or_any("127.0.0.1", port, "PORT_SETTING") as other:
            assert ports.port_of(other) not in (port, 0)


def test_an_address_not_on_this_machine_names_the_host_setting_and_does_not_fall_back(
        ) -> None:
    with pytest.raises(ports.PortUnavailable) as bad:  # TEST-NET-1: on no interface here
        ports.listen_or_any("192.0.2.1", 9464, "PORT_SETTING", "HOST_SETTING")
    assert not bad.value.in_use
    assert str(bad.value).startswith("cannot listen on 192.0.2.1:9464 (")
    assert str(bad.value).endswith("): set HOST_SETTING")


def test_only_a_stream_socket_is_taken_over() -> None:
    read, write = os.pipe()
    try:
        with pytest.raises(ports.PortUnavailable, match=f"file descriptor {read} is not a "
                                                         "socket"):
            ports.inherited(read)
    finally:
        os.close(read)
        os.close(write)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as datagrams:
        with pytest.raises(ports.PortUnavailable, match="is not a stream socket"):
            ports.inherited(datagrams.fileno())
        assert datagrams.fileno() != -1  # refused, not taken: the caller's to close
    with ports.listen("127.0.0.1", 0, "PORT_SETTING") as listening:
        handed = ports.inherited(os.dup(listening.fileno()))
        assert ports.port_of(handed) == ports.port_of(listening)
        handed.close()
