"""The configurable verifier (`generic`): templates, where the timestamp and id come from, a
tolerance, several signatures per header, and the five real providers docs/PROVIDERS.md
says it covers, each signed here as its own documentation describes."""

from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import UTC, datetime
from typing import Any

import pytest

from hookline.providers import registry
from hookline.providers.generic import EXAMPLES, check_config
from tests.providers.cases import as_json

GENERIC = registry.PROVIDERS["generic"]
BODY = as_json({"event": "booking.created", "id": "evt_9", "meta": {"ts": 0}})


def _hex(key: str | bytes, msg: bytes, algo: str = "sha256") -> str:
    return hmac.new(key.encode() if isinstance(key, str) else key, msg, algo).hexdigest()


def _verdict(make_incoming: Any, headers: dict[str, str], config: dict[str, str],
             secret: str = "k", body: bytes = BODY, **kwargs: Any) -> str:
    result = registry.verify(GENERIC, make_incoming(body, headers, **kwargs), secret, config)
    return result.verdict if result.verdict == "verified" else f"failed: {result.reason}"


# --- the five documented providers ------------------------------------------------------


def _buildkite(now: int, secret: str) -> dict[str, str]:
    # buildkite.com/docs/apis/webhooks: HMAC-SHA256 hex of "#{timestamp}.#{body}".
    ts = str(now)
    return {"X-Buildkite-Signature":
            f"timestamp={ts},signature={_hex(secret, f'{ts}.'.encode() + BODY)}"}


def _persona(now: int, secret: str) -> dict[str, str]:
    # docs.withpersona.com: t=<unix>,v1=<hex of "{t}.{body}">; while a secret rotates, two
    # such pairs separated by a space, either of which may match.
    ts = str(now)
    old = _hex("an-older-secret", f"{ts}.".encode() + BODY)
    new = _hex(secret, f"{ts}.".encode() + BODY)
    return {"Persona-Signature": f"t={ts},v1={old} t={ts},v1={new}"}


def _help_scout(now: int, secret: str) -> dict[str, str]:
    # developer.helpscout.com/webhooks: base64_encode(hash_hmac('sha1', $data, KEY, true)).
    digest = hmac.new(secret.encode(), BODY, hashlib.sha1).digest()
    return {"X-HelpScout-Signature": base64.b64encode(digest).decode()}


def _cal_com(now: int, secret: str) -> dict[str, str]:
    # cal.com docs: x-cal-signature-256 is the hex HMAC-SHA256 of the raw body.
    return {"X-Cal-Signature-256": _hex(secret, BODY)}


def _emailit(now: int, secret: str) -> dict[str, str]:
    # emailit.com/docs/webhooks/request-signature: hex HMAC-SHA256 of "{timestamp}.{rawBody}".
    ts = str(now)
    return {"X-Emailit-Signature": _hex(secret, f"{ts}.".encode() + BODY),
            "X-Emailit-Timestamp": ts}


SIGNERS = {"Buildkite": (_buildkite, True), "Persona": (_persona, True),
           "Help Scout": (_help_scout, False), "Cal.com": (_cal_com, False),
           "Emailit": (_emailit, True)}


def test_five_examples_are_documented():
    assert len(EXAMPLES) == 5 and set(EXAMPLES) == set(SIGNERS)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_documented_provider(name, make_incoming, now):
    config, _ = EXAMPLES[name]
    sign, timed = SIGNERS[name]
    assert check_config(config) is None
    assert _verdict(make_incoming, sign(now, "whsec-1"), config, "whsec-1") == "verified"
    assert _verdict(make_incoming, sign(now, "whsec-1"), config, "whsec-2").startswith("failed")
    tampered = _verdict(make_incoming, sign(now, "whsec-1"), config, "whsec-1",
                        body=BODY + b" ")
    assert tampered.startswith("failed")
    stale = _verdict(make_incoming, sign(now - 301, "whsec-1"), config, "whsec-1")
    assert stale.startswith("failed: timestamp too old") if timed else stale == "verified"


# --- templates and sources ------------------------------------------------------------


def test_url_and_body(make_incoming, url):
    config = {"signatureHeader": "X-Sig", "signedContent": "{url}{body}",
              "encoding": "base64"}
    digest = hmac.new(b"k", url.encode() + BODY, hashlib.sha256).digest()
    headers = {"X-Sig": base64.b64encode(digest).decode()}
    assert _verdict(make_incoming, headers, config) == "verified"
    elsewhere = _verdict(make_incoming, headers, config, url=url + "?moved=1")
    assert elsewhere.startswith("failed")


def test_id_timestamp_body_from_headers(make_incoming, now):
    config = {"signatureHeader": "X-Sig", "prefix": "v1,", "signatureSeparator": " ",
              "signedContent": "{id}.{timestamp}.{body}", "idFrom": "header:X-Id",
              "timestampFrom": "header:X-Ts", "tolerance": "60"}
    good = _hex("k", f"msg_1.{now}.".encode() + BODY)
    headers = {"X-Id": "msg_1", "X-Ts": str(now), "X-Sig": f"v1,{'0' * 64} v1,{good}"}
    assert _verdict(make_incoming, headers, config) == "verified"
    provider = registry.get_provider("generic")
    assert provider is not None
    incoming = make_incoming(BODY, headers)
    assert registry.event_id(provider, incoming, config) == "msg_1"
    late = {**headers, "X-Ts": str(now - 61),
            "X-Sig": "v1," + _hex("k", f"msg_1.{now - 61}.".encode() + BODY)}
    assert _verdict(make_incoming, late, config).startswith("failed: timestamp too old")
    assert _verdict(make_incoming, late, {**config, "tolerance": "0"}) == "verified"
    no_id = {k: v for k, v in headers.items() if k != "X-Id"}
    assert _verdict(make_incoming, no_id, config) == "failed: no id at providerConfig.idFrom"


@pytest.mark.parametrize(("form", "render"), [
    ("unix-ms", lambda now: str(now * 1000)),
    ("iso8601", lambda now: datetime.fromtimestamp(now, UTC).isoformat().replace("+00:00", "Z")),
])
def test_timestamp_formats(make_incoming, now, form, render):
    ts = render(now)
    config = {"signatureHeader": "X-Sig", "timestampFrom": "header:X-Ts",
              "timestampFormat": form, "signedContent": "v1:{timestamp}:{body}"}
    headers = {"X-Ts": ts, "X-Sig": _hex("k", f"v1:{ts}:".encode() + BODY)}
    assert _verdict(make_incoming, headers, config) == "verified"
    assert _verdict(make_incoming, headers, config, now=now + 400).startswith(
        "failed: timestamp too old")


def test_timestamp_from_the_body_and_hex_secret(make_incoming, now):
    body = as_json({"event": "x", "meta": {"sent": now}})
    key = bytes(range(16))
    config = {"signatureHeader": "X-Sig", "timestampFrom": "body:meta.sent",
              "secretEncoding": "hex"}
    headers = {"X-Sig": _hex(key, body)}
    assert _verdict(make_incoming, headers, config, key.hex(), body=body) == "verified"
    assert _verdict(make_incoming, headers, config, "zz", body=body) == (
        "failed: the secret is not in providerConfig.secretEncoding")


@pytest.mark.parametrize(("config", "field"), [
    ({"algorithm": "md5"}, "algorithm"),
    ({"encoding": "base32"}, "encoding"),
    ({"timestampFormat": "rfc822"}, "timestampFormat"),
    ({"secretEncoding": "rot13"}, "secretEncoding"),
    ({"signedContent": "{nonce}.{body}"}, "signedContent"),
    ({"signedContent": "{timestamp}.{body}"}, "timestampFrom"),
    ({"signedContent": "{id}.{body}"}, "idFrom"),
    ({"timestampFrom": "cookie:ts"}, "timestampFrom"),
    ({"idFrom": "header:"}, "idFrom"),
    ({"tolerance": "five"}, "tolerance"),
    ({"signatureKey": "v1"}, "signatureKey"),
])
def test_check_config_names_the_field(config, field):
    found = check_config({"signatureHeader": "X-Sig", **config})
    assert found is not None and found[0] == field and found[1]
