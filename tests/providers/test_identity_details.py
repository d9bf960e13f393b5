"""Identity, e-signature, messaging and data providers: what the shared table does not reach
(rotation, handshakes answered and refused, secret forms, event-id fallbacks, oracles)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import replace
from typing import Any

import nacl.signing
import pytest

from hookline.providers import registry
from hookline.providers.base import Incoming, Reply, Verification
from tests.providers.cases_identity import (
    TELNYX_KEY,
    b64_key,
    docusign_case,
    line_case,
    microsoft_graph_case,
    mux_case,
    okta_case,
    telnyx_case,
    workos_case,
    xero_case,
)


def _provider(code: str) -> Any:
    provider = registry.get_provider(code)
    assert provider is not None
    return provider


def _verify(code: str, incoming: Incoming, secret: str | None) -> Verification:
    return registry.verify(_provider(code), incoming, secret)


def _handshake(code: str, incoming: Incoming, secret: str | None) -> Reply | None:
    return registry.handshake(_provider(code), incoming, secret)


def _event_id(code: str, incoming: Incoming) -> str | None:
    return registry.event_id(_provider(code), incoming)


def _mac(key: str, msg: bytes, algo: str = "sha256") -> bytes:
    return hmac.new(key.encode(), msg, algo).digest()


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _digest_of(ids: list[str]) -> str:
    return "sha256:" + hashlib.sha256("\n".join(sorted(ids)).encode()).hexdigest()


# --- WorkOS --------------------------------------------------------------------------


def test_workos_any_v1_matches_during_rotation(env):
    case = workos_case(env)
    header = case.incoming.headers["workos-signature"]
    rotated = header.replace(", v1=", ", v1=" + "0" * 64 + ", v1=")
    incoming = replace(case.incoming, headers={"workos-signature": rotated})
    assert _verify("workos", incoming, case.secret).verdict == "verified"


def test_workos_timestamp_is_milliseconds(env):
    # t in seconds signs correctly but reads as 1970: far too old.
    body = b'{"id":"event_1"}'
    ts = str(env.now)
    sig = _mac("k", f"{ts}.".encode() + body).hex()
    result = _verify("workos", env.make(body, {"WorkOS-Signature": f"t={ts}, v1={sig}"}), "k")
    assert result.verdict == "failed" and "too old" in (result.reason or "")


@pytest.mark.parametrize("value", ["v1=abc", "t=soon, v1=abc", "t=1767225600000", "", "t=-5, v1=a",
                                   "t=99999999999999999999999, v1=ab"])
def test_workos_malformed_header_fails(env, value):
    result = _verify("workos", env.make(b"{}", {"WorkOS-Signature": value}), "k")
    assert result.verdict == "failed" and result.reason


# --- Okta ----------------------------------------------------------------------------


def _okta_challenge(env: Any, authorization: str | None, method: str = "GET") -> Incoming:
    headers = {"X-Okta-Verification-Challenge": "Y2hhbGxlbmdlLXZhbHVl"}
    if authorization is not None:
        headers["Authorization"] = authorization
    incoming: Incoming = env.make(b"", headers, method=method)
    return incoming


@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_okta_verification_answered(env, method):
    reply = _handshake("okta", _okta_challenge(env, "Basic s3cret", method), "Basic s3cret")
    assert reply is not None and reply.status == 200
    assert reply.content_type == "application/json"
    assert json.loads(reply.body) == {"verification": "Y2hhbGxlbmdlLXZhbHVl"}


def test_okta_verification_without_secret_still_answered(env):
    reply = _handshake("okta", _okta_challenge(env, None), None)
    assert reply is not None and reply.status == 200


@pytest.mark.parametrize("authorization", ["Basic wrong", None], ids=["wrong", "missing"])
def test_okta_verification_refused_without_the_secret(env, authorization):
    reply = _handshake("okta", _okta_challenge(env, authorization), "Basic s3cret")
    assert reply is not None and reply.status == 401
    assert b"Y2hhbGxlbmdlLXZhbHVl" not in reply.body


def test_okta_post_and_plain_get_are_not_handshakes(env):
    assert _handshake("okta", _okta_challenge(env, "Basic s3cret", "POST"), "Basic s3cret") is None
    assert _handshake("okta", env.make(b"", {}, method="GET"), "Basic s3cret") is None


def test_okta_event_id_of_a_batch_and_fallback(env):
    def body(events: list[dict[str, Any]]) -> bytes:
        return json.dumps({"eventId": "envelope-1", "data": {"events": events}}).encode()

    batch = body([{"uuid": "u-2"}, {"uuid": "u-1"}])
    assert _event_id("okta", env.make(batch)) == _digest_of(["u-1", "u-2"])
    assert _event_id("okta", env.make(body([{"uuid": "u-1"}, {}]))) == "envelope-1"
    assert _event_id("okta", env.make(body([]))) == "envelope-1"
    assert _event_id("okta", okta_case(env).incoming) == "f790999f-fe87-467a-9880-6982a583986c"


# --- DocuSign ------------------------------------------------------------------------


def test_docusign_any_key_header_matches(env):
    # Two active Connect keys: the Source holds the second one.
    case = docusign_case(env)
    body = case.incoming.body
    headers = {
        "X-DocuSign-Signature-1": _b64(_mac("the-old-key", body)),
        "X-DocuSign-Signature-2": _b64(_mac(case.secret, body)),
    }
    assert _verify("docusign", env.make(body, headers), case.secret).verdict == "verified"
    headers = {"X-DocuSign-Signature-100": _b64(_mac(case.secret, body))}
    assert _verify("docusign", env.make(body, headers), case.secret).verdict == "verified"


def test_docusign_no_header_matches(env):
    case = docusign_case(env)
    headers = {"X-DocuSign-Signature-1": _b64(_mac("a", b"x")),
               "X-DocuSign-Signature-2": "not base64 !"}
    result = _verify("docusign", env.make(case.incoming.body, headers), case.secret)
    assert result.verdict == "failed" and "X-DocuSign-Signature" in (result.reason or "")


def test_docusign_event_id_includes_recipient_and_needs_the_envelope(env):
    data = {"event": "recipient-completed", "generatedDateTime": "2025-05-30T18:03:50Z",
            "retryCount": 2, "data": {"envelopeId": "env-1", "recipientId": "2"}}
    incoming = env.make(json.dumps(data).encode())
    assert _event_id("docusign", incoming) == "recipient-completed:env-1:2025-05-30T18:03:50Z:2"
    data["data"] = {"recipientId": "2"}
    assert _event_id("docusign", env.make(json.dumps(data).encode())) is None


# --- Telnyx --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "secret",
    ["not base64!", _b64(b"\x01" * 31), _b64(b"\x01" * 33), TELNYX_KEY.verify_key.encode().hex()],
    ids=["not-base64", "31-bytes", "33-bytes", "hex"],
)
def test_telnyx_check_secret_refuses_wrong_forms(secret):
    assert _provider("telnyx").check_secret(secret)


def test_telnyx_check_secret_accepts_a_public_key():
    assert _provider("telnyx").check_secret(b64_key(TELNYX_KEY)) is None


def test_telnyx_malformed_secret_or_signature_fails_without_raising(env):
    case = telnyx_case(env)
    result = _verify("telnyx", case.incoming, "not a key")
    assert result.verdict == "failed" and "verification error" not in (result.reason or "")
    headers = {**case.incoming.headers, "telnyx-signature-ed25519": _b64(b"short")}
    result = _verify("telnyx", replace(case.incoming, headers=headers), case.secret)
    assert result.verdict == "failed" and "64-byte" in (result.reason or "")


def test_telnyx_signs_the_timestamp_as_sent(env):
    # "0{ts}" is the same instant as "{ts}" but only the text that was sent is signed.
    case = telnyx_case(env)
    body = case.incoming.body
    ts = f"0{env.now}"
    signed = {"telnyx-signature-ed25519": _b64(TELNYX_KEY.sign(f"{ts}|".encode() + body).signature),
              "telnyx-timestamp": ts}
    assert _verify("telnyx", env.make(body, signed), case.secret).verdict == "verified"
    other = {**signed, "telnyx-timestamp": str(env.now)}
    assert _verify("telnyx", env.make(body, other), case.secret).verdict == "failed"


# --- LINE ----------------------------------------------------------------------------

LINE_SECRET = "0123456789abcdef0123456789abcdef"
LINE_PING = b'{"destination":"Uxxxxxxxxxx","events":[]}'


def _line_ping(env: Any, secret: str = LINE_SECRET) -> Incoming:
    incoming: Incoming = env.make(LINE_PING, {"x-line-signature": _b64(_mac(secret, LINE_PING))})
    return incoming


def test_line_url_check_answered_200_after_verifying(env):
    reply = _handshake("line", _line_ping(env), LINE_SECRET)
    assert reply is not None and reply.status == 200


def test_line_url_check_refused_with_a_bad_signature(env):
    reply = _handshake("line", _line_ping(env, "someone-else"), LINE_SECRET)
    assert reply is not None and reply.status == 401


def test_line_url_check_without_secret_still_answered(env):
    reply = _handshake("line", _line_ping(env), None)
    assert reply is not None and reply.status == 200


def test_line_event_is_not_a_handshake_and_batches_get_one_id(env):
    assert _handshake("line", line_case(env).incoming, LINE_SECRET) is None
    body = json.dumps({"events": [{"webhookEventId": "B"}, {"webhookEventId": "A"}]}).encode()
    assert _event_id("line", env.make(body)) == _digest_of(["A", "B"])
    body = json.dumps({"events": [{"webhookEventId": "A"}, {"type": "unfollow"}]}).encode()
    assert _event_id("line", env.make(body)) is None


# --- Telegram ------------------------------------------------------------------------


@pytest.mark.parametrize("secret", ["has space", "x" * 257, "ünïcode", "a.b"])
def test_telegram_check_secret_refuses_wrong_forms(secret):
    assert _provider("telegram").check_secret(secret)


def test_telegram_check_secret_accepts_the_documented_alphabet():
    assert _provider("telegram").check_secret("A-z_0" * 51 + "9") is None


# --- Segment -------------------------------------------------------------------------


def test_segment_batch_event_id_and_sha1(env):
    body = json.dumps([{"messageId": "m-2"}, {"messageId": "m-1"}]).encode()
    incoming = env.make(body, {"X-Signature": _mac("s", body, "sha1").hex()})
    assert _verify("segment", incoming, "s").verdict == "verified"
    assert _event_id("segment", incoming) == _digest_of(["m-1", "m-2"])
    sha256 = env.make(body, {"X-Signature": _mac("s", body).hex()})
    assert _verify("segment", sha256, "s").verdict == "failed"


# --- Mux -----------------------------------------------------------------------------


def test_mux_any_v1_matches_during_rotation(env):
    case = mux_case(env)
    value = case.incoming.headers["mux-signature"].replace(",v1=", ",v1=" + "ab" * 32 + ",v1=")
    incoming = replace(case.incoming, headers={"mux-signature": value})
    assert _verify("mux", incoming, case.secret).verdict == "verified"


# --- Xero ----------------------------------------------------------------------------

XERO_KEY = "xero-webhook-key"
XERO_ITR = b'{"events":[],"lastEventSequence":0,"firstEventSequence":0,"entropy":"S0m3r4Nd0mt3xt"}'


def _xero_itr(env: Any, key: str) -> Incoming:
    incoming: Incoming = env.make(XERO_ITR, {"x-xero-signature": _b64(_mac(key, XERO_ITR))})
    return incoming


def test_xero_intent_to_receive_correctly_signed_gets_200_without_body(env):
    reply = _handshake("xero", _xero_itr(env, XERO_KEY), XERO_KEY)
    assert reply is not None and (reply.status, reply.body) == (200, b"")


@pytest.mark.parametrize("secret", [XERO_KEY, None], ids=["wrong-signature", "no-secret"])
def test_xero_intent_to_receive_otherwise_gets_401_without_body(env, secret):
    reply = _handshake("xero", _xero_itr(env, "not-the-key"), secret)
    assert reply is not None and (reply.status, reply.body) == (401, b"")


def test_xero_delivery_is_not_a_handshake_and_its_id_ignores_entropy(env):
    case = xero_case(env)
    assert _handshake("xero", case.incoming, case.secret) is None
    data = json.loads(case.incoming.body)
    data.update(entropy="ANOTHERONE", firstEventSequence=7, lastEventSequence=7)
    assert _event_id("xero", env.make(json.dumps(data).encode())) == case.event_id


# --- Jira ----------------------------------------------------------------------------


def test_jira_sha1_prefix_is_refused(env):
    body = b'{"webhookEvent":"jira:issue_updated"}'
    incoming = env.make(body, {"X-Hub-Signature": "sha1=" + _mac("k", body, "sha1").hex()})
    result = _verify("jira", incoming, "k")
    assert result.verdict == "failed" and "sha256=" in (result.reason or "")


# --- X -------------------------------------------------------------------------------

X_SECRET = "x-consumer-secret"


def _crc(env: Any, token: str) -> Reply | None:
    query = f"crc_token={token}"
    return _handshake("x", env.make(b"", {}, method="GET", url=f"{env.url}?{query}"), X_SECRET)


def test_x_crc_answered(env):
    reply = _crc(env, "challenge_string")
    assert reply is not None and reply.status == 200
    expected = "sha256=" + _b64(_mac(X_SECRET, b"challenge_string"))
    assert json.loads(reply.body) == {"response_token": expected}


def test_x_crc_token_is_url_decoded(env):
    reply = _crc(env, "a%2Bb%3D")
    assert reply is not None
    assert json.loads(reply.body)["response_token"] == "sha256=" + _b64(_mac(X_SECRET, b"a+b="))


def test_x_crc_answer_cannot_sign_a_delivery(env):
    # The CRC signs any token unauthenticated; were a JSON body accepted as a token, its
    # answer would be a valid x-twitter-webhooks-signature for a forged delivery.
    forged = '{"for_user_id":"1","tweet_create_events":[]}'
    reply = _crc(env, forged.replace("{", "%7B"))
    assert reply is not None and reply.status == 400
    plain = _crc(env, "for_user_id")
    assert plain is not None and plain.status == 200
    signature = json.loads(plain.body)["response_token"]
    incoming = env.make(b"for_user_id", {"x-twitter-webhooks-signature": signature})
    result = _verify("x", incoming, X_SECRET)
    assert result.verdict == "failed" and "JSON object" in (result.reason or "")


def test_x_crc_needs_a_secret_and_post_is_not_a_crc(env):
    incoming = env.make(b"", {}, method="GET", url=f"{env.url}?crc_token=abc")
    reply = _handshake("x", incoming, None)
    assert reply is not None and reply.status == 400
    post = env.make(b"{}", {}, url=f"{env.url}?crc_token=abc")
    assert _handshake("x", post, X_SECRET) is None


# --- Microsoft Graph -----------------------------------------------------------------


def test_graph_validation_token_echoed_as_text(env):
    url = f"{env.url}?validationToken=Validation%3A+Testing+client+application+reachability"
    reply = _handshake("microsoft-graph", env.make(b"", {}, url=url), None)
    assert reply is not None and reply.status == 200
    assert (reply.content_type, reply.body) == (
        "text/plain", b"Validation: Testing client application reachability")


def test_graph_get_and_notifications_are_not_handshakes(env):
    url = f"{env.url}?validationToken=abc"
    assert _handshake("microsoft-graph", env.make(b"", {}, method="GET", url=url), "s") is None
    case = microsoft_graph_case(env)
    assert _handshake("microsoft-graph", case.incoming, case.secret) is None


def _graph(env: Any, items: list[Any]) -> Incoming:
    incoming: Incoming = env.make(json.dumps({"value": items}).encode())
    return incoming


def test_graph_every_notification_must_carry_the_client_state(env):
    good = {"subscriptionId": "s", "clientState": "cs"}
    assert _verify("microsoft-graph", _graph(env, [good, good]), "cs").verdict == "verified"
    for items in ([good, {"subscriptionId": "s"}], [good, {**good, "clientState": "other"}],
                  [good, "junk"], []):
        result = _verify("microsoft-graph", _graph(env, items), "cs")
        assert result.verdict == "failed" and result.reason


def test_graph_removing_client_state_from_the_body_fails(env):
    # The body-borne credential: what test_missing_signature_fails does for header ones.
    case = microsoft_graph_case(env)
    data = json.loads(case.incoming.body)
    del data["value"][0]["clientState"]
    result = _verify("microsoft-graph", env.make(json.dumps(data).encode()), case.secret)
    assert result.verdict == "failed"


def test_graph_check_secret_limits_the_length():
    provider = _provider("microsoft-graph")
    assert provider.check_secret("x" * 129)
    assert provider.check_secret("x" * 128) is None


# --- all of this group ---------------------------------------------------------------


TOKEN_SCHEMES = {"okta", "telegram", "microsoft-graph"}


@pytest.mark.parametrize("code", ["workos", "okta", "docusign", "telnyx", "line", "telegram",
                                  "segment", "mux", "xero", "jira", "x", "microsoft-graph"])
def test_group_is_registered_as_declared(code):
    provider = _provider(code)
    assert provider.needs_secret
    assert provider.verification == ("token" if code in TOKEN_SCHEMES else "signature")
    assert (provider.handshake is None) == (code not in {"okta", "line", "xero", "x",
                                                         "microsoft-graph"})


def test_ed25519_key_from_the_cases_is_the_one_the_sdk_reads():
    # telnyx-python decodes the portal key with base64 and wants 32 bytes.
    raw = base64.b64decode(b64_key(TELNYX_KEY))
    assert len(raw) == 32 and nacl.signing.VerifyKey(raw) == TELNYX_KEY.verify_key
