"""`hookline listen`, run as a user runs it: the console script, real HTTP, real signatures."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from hookline.signing import new_secret, new_signing_key, public_key, webhook_headers
from tests.support.procs import REPO, free_port, spawn, stop, wait_port

HOOKLINE = str(REPO / ".venv" / "bin" / "hookline")
SECRET = new_secret()
OLD_SECRET = new_secret()  # a second secret, as during a rotation
# With several secrets, the line names the one that verified by its first characters.
VERIFIED = f"signature: verified with {SECRET[:12]}...\n"
BODY = json.dumps({"type": "invoice.paid", "timestamp": "2026-11-23T10:15:02.000Z",
                   "data": {"invoice": "in_1042"}}).encode()


@dataclass
class Listener:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    def post(self, body: bytes, headers: dict[str, str], path: str = "/hooks") -> httpx.Response:
        return httpx.post(f"http://127.0.0.1:{self.port}{path}", content=body,
                          headers={"content-type": "application/json", **headers}, timeout=5)

    def block(self, webhook_id: str, seconds: float = 10) -> str:
        """The printed block of the request with this webhook-id, waiting for it (bounded)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for block in self.log.read_text(errors="replace").split("\n--- "):
                if f"webhook-id: {webhook_id}\n" in block:
                    return block
            time.sleep(0.05)
        raise AssertionError(f"no block for {webhook_id} in:\n{self.log.read_text()}")


def start(tmp_path: Path, *args: str) -> Listener:
    port = free_port()
    log = tmp_path / f"listen-{port}.log"
    proc = spawn([HOOKLINE, "listen", "--port", str(port), *args], {}, log)
    wait_port(port, 30, proc)
    return Listener(proc, port, log)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Listener]:
    listener = start(tmp_path_factory.mktemp("listen"), "--secret", SECRET,
                     "--secret", OLD_SECRET)
    yield listener
    stop(listener.proc)


def signed(secrets: list[str], webhook_id: str, body: bytes = BODY, age: int = 0
           ) -> dict[str, str]:
    return webhook_headers(secrets, webhook_id, int(time.time()) - age, body)


def test_a_real_signature_is_verified_and_the_delivery_printed(checked: Listener) -> None:
    answer = checked.post(BODY, signed([SECRET], "evt_good"))

    assert answer.status_code == 200 and answer.json() == {"ok": True}
    block = checked.block("evt_good")
    assert "POST /hooks" in block
    assert VERIFIED in block
    assert '"invoice": "in_1042"' in block  # pretty JSON, one key a line


BAD: dict[str, tuple[Callable[[], dict[str, str]], str]] = {
    "wrong-secret": (lambda: signed([new_secret()], "evt_wrong-secret"),
                     "No matching signature found"),
    "tampered": (lambda: signed([SECRET], "evt_tampered", body=b'{"other": 1}'),
                 "No matching signature found"),
    "stale": (lambda: signed([SECRET], "evt_stale", age=3600), "Message timestamp too old"),
    "unsigned": (lambda: {"webhook-id": "evt_unsigned"}, "Missing required headers"),
    "garbled": (lambda: {**signed([SECRET], "evt_garbled"), "webhook-signature": "v1"},
                "malformed webhook-signature header"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_signature_fails_and_still_answers_200(checked: Listener, case: str) -> None:
    headers, reason = BAD[case]
    answer = checked.post(BODY, headers())

    assert answer.status_code == 200
    block = checked.block(f"evt_{case}")
    assert f"signature: FAILED ({reason}" in block
    assert "verified" not in block


def test_any_secret_of_a_rotation_verifies(checked: Listener) -> None:
    checked.post(BODY, signed([OLD_SECRET], "evt_old-secret"))
    checked.post(BODY, signed([new_secret(), SECRET], "evt_both"))  # Hookline's rotation header

    assert f"signature: verified with {OLD_SECRET[:12]}...\n" in checked.block("evt_old-secret")
    assert VERIFIED in checked.block("evt_both")


def test_an_endpoints_and_a_destinations_secret_verify_their_own_deliveries(
        tmp_path: Path) -> None:
    """The README's first session: one listener receives an endpoint's deliveries and a
    Source destination's forwards, each signed with its own secret; given both, it verifies
    both and names which secret did; a third secret's signature still fails."""
    endpoint, destination = new_secret(), new_secret()
    listener = start(tmp_path, "--secret", endpoint, "--secret", destination)
    try:
        listener.post(BODY, signed([endpoint], "evt_endpoint"))
        listener.post(b"a=1", signed([destination], "msg_forwarded", body=b"a=1"), path="/in")
        listener.post(BODY, signed([new_secret()], "evt_stranger"))
        endpoint_block = listener.block("evt_endpoint")
        forward_block = listener.block("msg_forwarded")
        stranger_block = listener.block("evt_stranger")
    finally:
        stop(listener.proc)

    assert f"signature: verified with {endpoint[:12]}...\n" in endpoint_block
    assert f"signature: verified with {destination[:12]}...\n" in forward_block
    assert "POST /in" in forward_block
    assert "signature: FAILED (No matching signature found" in stranger_block
    banner = listener.log.read_text().split("\n\n")[0]
    assert f"checked with 2 secret(s): {endpoint[:12]}..., {destination[:12]}..." in banner
    assert endpoint not in banner and destination not in banner  # never the whole secret


def test_a_body_that_is_not_json_is_verified_and_shown_raw(checked: Listener) -> None:
    form = b"payload=%7B%22a%22%3A1%7D&x=" + b"y" * 10_000
    checked.post(form, signed([SECRET], "evt_form", body=form))
    checked.post(b"\xff\xfe", signed([SECRET], "evt_binary", body=b"\xff\xfe"))

    form_block = checked.block("evt_form")
    assert VERIFIED in form_block
    assert "payload=%7B%22a%22%3A1%7D&x=yyy" in form_block
    assert "more characters" in form_block and len(form_block) < 6000  # truncated
    assert "signature: FAILED (body is not UTF-8)" in checked.block("evt_binary")


def test_without_a_secret_nothing_is_checked_and_sigterm_stops_it(tmp_path: Path) -> None:
    listener = start(tmp_path)
    try:
        assert listener.post(BODY, signed([SECRET], "evt_unchecked")).status_code == 200
        block = listener.block("evt_unchecked")
    finally:
        stop(listener.proc)

    assert "signature: not checked (pass --secret whsec_...)" in block
    assert listener.proc.returncode == 0
    printed = listener.log.read_text()
    assert f"Listening on http://127.0.0.1:{listener.port}/ (Ctrl-C to stop)" in printed
    assert "HOOKLINE_ALLOWED_SUBNETS=127.0.0.0/8,::1/128 HOOKLINE_ALLOWED_PORTS='*'" in printed
    assert printed.rstrip().endswith("Stopped.")


def test_the_secret_can_come_from_the_environment(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "listen-env.log"
    proc = spawn([HOOKLINE, "listen", "--port", str(port)],
                 {"HOOKLINE_LISTEN_SECRET": SECRET}, log)
    listener = Listener(proc, port, log)
    try:
        wait_port(port, 30, proc)
        listener.post(BODY, signed([SECRET], "evt_env"))
        listener.post(BODY, signed([new_secret()], "evt_env-wrong"))
        assert "signature: verified\n" in listener.block("evt_env")
        assert "signature: FAILED" in listener.block("evt_env-wrong")
    finally:
        stop(proc)


def test_a_public_key_verifies_v1a_signatures(tmp_path: Path) -> None:
    """Issue 52: `--public-key whpk_...` checks ed25519 signatures, beside `--secret`'s
    HMAC ones: each request verifies by the key that signed it."""
    signing_key = new_signing_key()
    listener = start(tmp_path, "--public-key", public_key(signing_key), "--secret", SECRET)
    try:
        listener.post(BODY, signed([signing_key], "evt_v1a"))
        listener.post(BODY, signed([signing_key, OLD_SECRET], "evt_rotating"))
        listener.post(BODY, signed([new_signing_key()], "evt_v1a-wrong"))
        listener.post(BODY, signed([signing_key], "evt_v1a-old", age=600))
        listener.post(BODY, signed([SECRET], "evt_v1"))
        shown = public_key(signing_key)[:16]
        assert f"signature: verified with {shown}...\n" in listener.block("evt_v1a")
        assert f"verified with {shown}..." in listener.block("evt_rotating")
        assert "FAILED (No matching signature found" in listener.block("evt_v1a-wrong")
        assert "timestamp too old" in listener.block("evt_v1a-old")
        assert VERIFIED in listener.block("evt_v1")
    finally:
        stop(listener.proc)


def test_a_malformed_public_key_is_refused_at_start() -> None:
    done = subprocess.run([HOOKLINE, "listen", "--port", str(free_port()),
                           "--public-key", "whpk_short"], capture_output=True, text=True,
                          timeout=60, cwd=REPO)

    assert done.returncode == 2
    assert "--public-key" in done.stderr and "not a public key" in done.stderr


@pytest.mark.parametrize("secret", ["", "notasecret", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"])
def test_a_malformed_secret_is_refused_at_start(secret: str) -> None:
    """Issue 68: what lacks `whsec_` is refused, though the verifier would take its base64."""
    done = subprocess.run([HOOKLINE, "listen", "--port", str(free_port()), "--secret", secret],
                          capture_output=True, text=True, timeout=60, cwd=REPO)

    assert done.returncode == 2
    assert "--secret" in done.stderr and "not a webhook secret" in done.stderr
