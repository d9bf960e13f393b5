"""The first hour with the API: its icon, its documentation pages with nothing from another
origin, the bearer scheme in OpenAPI (so Swagger UI's "Try it out" can authenticate), a
publish description that tells a caller what happens, and integer retention days."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.support.api import ok
from tests.support.stack import Stack, Tenant

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
# Every URL a page makes the browser load: src and href, ReDoc's spec-url, Swagger UI's url:.
REFERENCES = re.compile(r"""(?:\b(?:src|href|spec-url)\s*=\s*["']|\burl:\s*')([^"']+)""")


def _operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, operation) for path, item in spec["paths"].items()
            for method, operation in item.items() if method in METHODS]


def test_the_favicon_is_an_icon_outside_the_schema(stack: Stack) -> None:
    icon = httpx.get(stack.base_url + "/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/")
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file's header
    spec = ok(httpx.get(stack.base_url + "/openapi.json"))
    assert not [p for p in spec["paths"] if p in ("/favicon.ico", "/docs", "/redoc")]


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_docs_pages_load_everything_from_the_api_itself(stack: Stack, page: str) -> None:
    html = httpx.get(stack.base_url + page)
    assert html.status_code == 200 and html.headers["content-type"].startswith("text/html")
    assert "http://" not in html.text and "https://" not in html.text, html.text
    references = REFERENCES.findall(html.text)
    assert "/openapi.json" in references and "/favicon.ico" in references
    assert any(r.endswith(".js") for r in references), references
    for reference in references:
        assert reference.startswith("/") and not reference.startswith("//"), reference
        asset = httpx.get(stack.base_url + reference)
        assert asset.status_code == 200 and asset.content, reference
    if page == "/docs":
        assert any(r.endswith(".css") for r in references), references


def test_the_v1_operations_and_only_them_require_the_bearer_scheme(stack: Stack) -> None:
    spec = ok(httpx.get(stack.base_url + "/openapi.json"))
    schemes = spec["components"]["securitySchemes"]
    [bearer] = [name for name, s in schemes.items()
                if s["type"] == "http" and s["scheme"].lower() == "bearer"]
    operations = _operations(spec)
    for path, method, operation in operations:
        if path.startswith("/v1/"):
            assert operation.get("security") == [{bearer: []}], (method, path)
        else:
            assert not operation.get("security"), (method, path)
    public = {path for path, _, _ in operations if not path.startswith("/v1/")}
    assert {"/in/{token}", "/healthz", "/readyz"} <= public
    assert ("/v1/events", "post") in {(p, m) for p, m, _ in operations}


def test_a_missing_or_bad_key_answers_as_before(stack: Stack) -> None:
    """The scheme is only documentation: authentication and its 401 are unchanged."""
    for headers, detail in (
            ({}, "send your API key as 'Authorization: Bearer <key>'"),
            ({"Authorization": "Bearer not-a-key"}, "the API key is not valid"),
            ({"Authorization": "Basic eDp5"}, "the Authorization header must be 'Bearer <key>'")):
        for method, path in (("GET", "/v1/environment"), ("POST", "/v1/events")):
            answer = httpx.request(method, stack.base_url + path, headers=headers,
                                   json={"type": "a.b", "consumer": "c", "data": {}})
            assert answer.status_code == 401, answer.text
            assert answer.headers["content-type"] == "application/problem+json"
            assert answer.headers["www-authenticate"] == 'Bearer realm="hookline"'
            assert answer.json() == {"type": "https://hookline.dev/problems/unauthorized",
                                     "title": "Authentication required", "status": 401,
                                     "detail": detail, "instance": path}


def test_publish_describes_what_a_caller_gets(stack: Stack) -> None:
    spec = ok(httpx.get(stack.base_url + "/openapi.json"))
    publish = spec["paths"]["/v1/events"]["post"]
    text = publish["description"]
    assert "CPU" not in text and "batches" not in text  # not the implementation's notes
    for needed in ("one Delivery for every", "subscribed", "`type`", "`consumer`", "`data`",
                   "1 MiB", "201", "`deliveries`", "Idempotency-Key", "Idempotent-Replayed",
                   "24 hours", "401", "402", "413", "415", "422", "429"):
        assert needed in text, needed
    assert {"201", "402", "413", "422"} <= set(publish["responses"])
    [header] = [p for p in publish["parameters"] if p["name"] == "Idempotency-Key"]
    assert header["in"] == "header" and header["description"]


def test_effective_retention_days_is_an_integer(tenant: Tenant) -> None:
    answer = tenant.client.get("/v1/environment")
    assert '"effectiveRetentionDays":30,' in answer.text.replace(" ", ""), answer.text
    days = ok(answer)["effectiveRetentionDays"]
    assert isinstance(days, int) and not isinstance(days, bool)
    days = ok(tenant.client.patch("/v1/environment", json={"retentionDays": 7}))[
        "effectiveRetentionDays"]
    assert days == 7 and isinstance(days, int)
    spec = ok(tenant.client.get("/openapi.json"))
    field = spec["components"]["schemas"]["EnvironmentOut"]["properties"][
        "effectiveRetentionDays"]
    assert {t["type"] for t in field["anyOf"]} == {"integer", "null"}
