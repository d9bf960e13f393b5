"""Generic: unsigned unless providerConfig names a signature header; then an HMAC that the
configuration describes, for the providers that have no module of their own.

What is signed is a template over the request (`{body}` by default; `{timestamp}.{body}`,
`{url}{body}`, `{id}.{timestamp}.{body}`...), its timestamp and id are read from a header, a
key of the signature header (`t=...,v1=...`) or the JSON body, and the header may carry
several signatures (rotation). EXAMPLES below (and docs/PROVIDERS.md) name five real
providers this covers."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from .base import ConfigField, Incoming, Provider, Verification
from .common import (
    EVENT_ID_WITH_CONFIG,
    SIGNS_WITH_CONFIG,
    SKIPPED,
    VERIFIED,
    as_id,
    failed,
    header,
    json_body,
    timestamp_problem,
)
from .hmac_schemes import ALGORITHMS, ENCODINGS, decode_key, mac, matches, strip_prefix

PLACEHOLDERS: Final = ("body", "timestamp", "id", "url", "method")
SOURCES: Final = ("header", "signature", "body")
TIMESTAMP_FORMATS: Final = ("unix", "unix-ms", "iso8601")
SECRET_ENCODINGS: Final = ("text", "hex", "base64")
DEFAULT_TOLERANCE: Final = 300
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


# Real providers that need no module of their own: name -> (providerConfig, documentation).
# tests/providers/test_generic.py signs a request for each as its documentation says.
EXAMPLES: Final[dict[str, tuple[dict[str, str], str]]] = {
    "Buildkite": ({"signatureHeader": "X-Buildkite-Signature", "signatureSeparator": ",",
                   "signatureKey": "signature", "timestampFrom": "signature:timestamp",
                   "signedContent": "{timestamp}.{body}"},
                  "https://buildkite.com/docs/apis/webhooks/pipelines"),
    "Persona": ({"signatureHeader": "Persona-Signature", "signatureSeparator": ", ",
                 "signatureKey": "v1", "timestampFrom": "signature:t",
                 "signedContent": "{timestamp}.{body}"},
                "https://docs.withpersona.com/webhooks"),
    "Help Scout": ({"signatureHeader": "X-HelpScout-Signature", "algorithm": "sha1",
                    "encoding": "base64"}, "https://developer.helpscout.com/webhooks/"),
    "Cal.com": ({"signatureHeader": "X-Cal-Signature-256"},
                "https://cal.com/docs/developing/guides/automation/webhooks"),
    "Emailit": ({"signatureHeader": "X-Emailit-Signature",
                 "timestampFrom": "header:X-Emailit-Timestamp",
                 "signedContent": "{timestamp}.{body}"},
                "https://emailit.com/docs/webhooks/request-signature/"),
}


def _text(config: Mapping[str, Any], name: str) -> str:
    value = config.get(name)
    return value.strip() if isinstance(value, str) else ""


def signs(config: Mapping[str, Any]) -> bool:
    return bool(_text(config, "signatureHeader"))


def check_config(config: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first providerConfig field whose value cannot work, with why; None when usable."""
    choices = {"algorithm": tuple(ALGORITHMS), "encoding": ENCODINGS,
               "timestampFormat": TIMESTAMP_FORMATS, "secretEncoding": SECRET_ENCODINGS}
    for name, allowed in choices.items():
        value = _text(config, name).lower()
        if value and value not in allowed:
            return name, f"must be one of {', '.join(allowed)}"
    template = config.get("signedContent")
    if isinstance(template, str) and template:
        unknown = [p for p in _PLACEHOLDER.findall(template) if p not in PLACEHOLDERS]
        if unknown:
            return "signedContent", (f"unknown placeholder {{{unknown[0]}}}; use "
                                     + ", ".join(f"{{{p}}}" for p in PLACEHOLDERS))
        for needed, source in (("timestamp", "timestampFrom"), ("id", "idFrom")):
            if f"{{{needed}}}" in template and not _text(config, source):
                return source, f"is required when signedContent uses {{{needed}}}"
    for name in ("timestampFrom", "idFrom"):
        value = _text(config, name)
        kind, _, where = value.partition(":")
        if value and (kind not in SOURCES or not where.strip()):
            return name, "must be header:<name>, signature:<key> or body:<dotted.path>"
    tolerance = _text(config, "tolerance")
    if tolerance and not tolerance.isdigit():
        return "tolerance", "must be a whole number of seconds (0: no limit)"
    if _text(config, "signatureKey") and not _text(config, "signatureSeparator"):
        return "signatureKey", "needs signatureSeparator (the header is key=value pairs)"
    return None


def _split(value: str, config: Mapping[str, Any]) -> list[str]:
    """The header cut at any character of signatureSeparator (", " cuts at both, which
    reads Persona's rotated "t=..,v1=.. t=..,v1=..")."""
    separator = config.get("signatureSeparator") or ""
    if not isinstance(separator, str) or not separator:
        return [value.strip()]
    return [p.strip() for p in re.split(f"[{re.escape(separator)}]", value) if p.strip()]


def _signature_pairs(incoming: Incoming, config: Mapping[str, Any]) -> dict[str, list[str]]:
    pairs: dict[str, list[str]] = {}
    for item in _split(header(incoming, _text(config, "signatureHeader")) or "", config):
        key, eq, value = item.partition("=")
        if eq:
            pairs.setdefault(key.strip(), []).append(value.strip())
    return pairs


def _read(incoming: Incoming, config: Mapping[str, Any], where: str) -> str | None:
    """A value named by `header:<name>`, `signature:<key>` or `body:<dotted.path>`."""
    kind, _, name = _text(config, where).partition(":")
    name = name.strip()
    if kind == "header":
        return header(incoming, name)
    if kind == "signature":
        values = _signature_pairs(incoming, config).get(name)
        return values[0] if values else None
    found: Any = json_body(incoming)
    for key in name.split("."):
        found = found.get(key) if isinstance(found, dict) else None
    return as_id(found)


def _signatures(incoming: Incoming, config: Mapping[str, Any], name: str) -> list[str] | None:
    """The candidate signatures in the header, without the prefix; None if a value lacks it."""
    key = _text(config, "signatureKey")
    if key:
        parts = _signature_pairs(incoming, config).get(key, [])
    else:
        parts = _split(header(incoming, name) or "", config)
    prefix = config.get("prefix")
    stripped = [strip_prefix(p, prefix if isinstance(prefix, str) else "") for p in parts if p]
    return None if any(s is None for s in stripped) else [s for s in stripped if s]


def _timestamp(text: str, form: str) -> float | None:
    try:
        if form == "iso8601":
            return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
        return float(text) / (1000 if form == "unix-ms" else 1)
    except ValueError:
        return None


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    name = _text(config, "signatureHeader")
    if not name:
        return SKIPPED
    if (problem := check_config(config)) is not None:
        return failed(f"providerConfig.{problem[0]} {problem[1]}")
    algorithm = _text(config, "algorithm").lower() or "sha256"
    encoding = _text(config, "encoding").lower() or "hex"
    if header(incoming, name) is None:
        return failed(f"missing {name} header")
    candidates = _signatures(incoming, config, name)
    if candidates is None:
        return failed(f"{name} does not start with {config.get('prefix')!r}")
    if not candidates:
        return failed(f"{name} has no signature")
    values = {"url": incoming.url, "method": incoming.method}
    for placeholder, where in (("timestamp", "timestampFrom"), ("id", "idFrom")):
        if _text(config, where):
            found = _read(incoming, config, where)
            if found is None:
                return failed(f"no {placeholder} at providerConfig.{where}")
            values[placeholder] = found
    key = decode_key(secret, _text(config, "secretEncoding").lower() or "text")
    if key is None:
        return failed("the secret is not in providerConfig.secretEncoding")
    template = config.get("signedContent") or "{body}"
    head, body, tail = template.partition("{body}")  # the body is bytes, never text
    signed = (_fill(head, values).encode() + (incoming.body if body else b"")
              + _fill(tail, values).encode())
    digest = mac(key, signed, algorithm)
    if not any(matches(digest, c, encoding) for c in candidates):
        return failed(f"{name} does not match")
    return _fresh(values.get("timestamp"), incoming, config)


def _fill(text: str, values: Mapping[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def _fresh(ts_text: str | None, incoming: Incoming, config: Mapping[str, Any]) -> Verification:
    if ts_text is None:
        return VERIFIED
    ts = _timestamp(ts_text, _text(config, "timestampFormat").lower() or "unix")
    if ts is None:
        return failed(f"timestamp {ts_text!r} is not {_text(config, 'timestampFormat') or 'unix'}")
    tolerance = int(_text(config, "tolerance") or DEFAULT_TOLERANCE)
    if tolerance == 0:
        return VERIFIED
    problem = timestamp_problem(ts, incoming.now, tolerance, reject_future=True)
    return failed(problem) if problem else VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # Without providerConfig there is nothing to read; see event_id_with_config.
    return None


def event_id_with_config(incoming: Incoming, config: Mapping[str, Any]) -> str | None:
    name = _text(config, "eventIdHeader")
    if name:
        return header(incoming, name)
    return _read(incoming, config, "idFrom") if _text(config, "idFrom") else None


PROVIDER = Provider(
    code="generic",
    name="Generic webhook",
    scheme="none by default; with providerConfig.signatureHeader, an HMAC (sha1/sha256/sha512, "
    "hex/base64, optional prefix) of the raw body or of a template over body, timestamp, id, "
    "URL and method, with a tolerance and several signatures per header",
    needs_secret=False,
    verify=verify,
    event_id=event_id,
    config_fields=(
        ConfigField(
            "signatureHeader", "Header carrying the signature; unset = unsigned"
        ),
        ConfigField("algorithm", "sha1, sha256 or sha512 (default sha256)"),
        ConfigField("encoding", "hex or base64 (default hex)"),
        ConfigField("prefix", 'Text before each signature, e.g. "sha256=" or "v1,"'),
        ConfigField("eventIdHeader", "Header carrying a delivery id used to drop duplicates"),
        ConfigField("signedContent", "What is signed: a template over {body}, {timestamp}, "
                    "{id}, {url} and {method}, e.g. {timestamp}.{body} (default {body})"),
        ConfigField("timestampFrom", "Where {timestamp} is read: header:<name>, "
                    "signature:<key> (a key=value pair of the signature header) or "
                    "body:<dotted.path>; when set, the timestamp must be within tolerance"),
        ConfigField("timestampFormat", "unix (seconds, default), unix-ms or iso8601"),
        ConfigField("tolerance", "Seconds a timestamp may be off (default 300; 0: no limit)"),
        ConfigField("idFrom", "Where {id} is read, as timestampFrom; also the event id "
                    "when eventIdHeader is unset"),
        ConfigField("signatureSeparator", 'Splits the header into several signatures, any '
                    'of which may match (rotation), e.g. " " or ","'),
        ConfigField("signatureKey", 'With a separator: the key of the signature pairs, e.g. '
                    '"v1" in t=...,v1=...'),
        ConfigField("secretEncoding", "How the secret is the HMAC key: text (default), hex "
                    "or base64"),
    ),
    event_id_location="header named by providerConfig.eventIdHeader, else the value at "
    "providerConfig.idFrom (none by default)",
    extra={SIGNS_WITH_CONFIG: signs, EVENT_ID_WITH_CONFIG: event_id_with_config},
    verification="configurable",
    check_config=check_config,
)
