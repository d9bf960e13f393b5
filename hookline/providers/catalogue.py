"""The provider catalogue as rows (GET /v1/ingest/providers, `hookline providers list`) and
as docs/PROVIDERS.md, both written from the registry so neither can drift from the code."""

from __future__ import annotations

import json
from typing import Any

from .base import Provider
from .generic import EXAMPLES
from .registry import PROVIDERS, stripped_headers


def row(provider: Provider) -> dict[str, Any]:
    """A provider as the API and the CLI show it (camelCase keys)."""
    return {
        "code": provider.code, "name": provider.name, "scheme": provider.scheme,
        "needsSecret": provider.needs_secret,
        "configFields": [{"name": f.name, "description": f.description,
                          "required": f.required} for f in provider.config_fields],
        "eventIdLocation": provider.event_id_location,
        "strippedHeaders": stripped_headers(provider),
        "verification": provider.verification,
        "handshake": provider.handshake_summary or None,
    }


def rows() -> list[dict[str, Any]]:
    return [row(p) for p in PROVIDERS.values()]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown() -> str:
    """docs/PROVIDERS.md (`make providers-doc` writes it; a test compares)."""
    named = [p for p in PROVIDERS.values() if p.code != "generic"]
    out = [
        "# Providers",
        "",
        "<!-- Generated from hookline/providers by `make providers-doc`; do not edit. -->",
        "",
        f"{len(named)} providers by name, and `generic` for the rest. Set a Source's "
        "`provider` to a code below and its secret with `PUT /v1/ingest/sources/{id}/secret`; "
        "each message then records `verification` (`verified`, `failed`, `not_configured`, "
        "`skipped`). The same list: `GET /v1/ingest/providers`, `hookline providers list`.",
        "",
        "Every message loses `Authorization`, `Cookie` and `Proxy-Authorization` before it "
        "is stored; the table names the headers a provider adds to them. The event id drops "
        "a provider's retries: a second message with the same id within 24 h is answered with "
        "the first one's id and neither stored nor forwarded.",
        "",
        "| Code | Name | Verification | Scheme | Also stripped | Event id | Handshake |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in named:
        out.append("| " + " | ".join(_cell(text) for text in (
            f"`{p.code}`", p.name, p.verification, p.scheme,
            ", ".join(f"`{h}`" for h in p.strip_headers) or "-", p.event_id_location,
            p.handshake_summary or "-")) + " |")
    skipped = [p for p in named if p.verification == "skipped"]
    out += ["", "## Not verified", "",
            "These sign with a key or certificate that can only be fetched over the network "
            "when a message arrives; ingestion answers providers without calling out, so "
            "their messages are stored with `verification: skipped`. Restrict who can post "
            "by keeping the ingestion URL secret (rotate it with `POST "
            "/v1/ingest/sources/{id}/rotate-token`).", ""]
    out += [f"- `{p.code}`: {p.scheme.removeprefix('not verified: ')}." for p in skipped]
    generic = PROVIDERS["generic"]
    out += ["", "## Generic", "",
            "`generic` stores without verifying until `providerConfig.signatureHeader` is "
            "set; then it checks an HMAC that these fields describe:", "",
            "| Field | Meaning |", "|---|---|"]
    out += [f"| `{f.name}` | {_cell(f.description)} |" for f in generic.config_fields]
    out += ["", "Real providers it covers, with the providerConfig each needs (each is "
            "tested against a signature made as the provider documents it):", ""]
    for name, (config, source) in EXAMPLES.items():
        out.append(f"- **{name}** ({source}): `{json.dumps(config)}`")
    return "\n".join(out) + "\n"
