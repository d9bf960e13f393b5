"""The API's own documentation, served from its own origin with nothing from a CDN: Swagger UI
at /docs and ReDoc at /redoc (their scripts and styles from the `fastapi-offline` package,
FastAPI's documented self-hosting pattern), the site's icon at /favicon.ico, and the bearer
scheme in the OpenAPI document, so that Swagger UI offers "Authorize" and its "Try it out"
sends the key. None of these pages is in the OpenAPI schema."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

OPENAPI_URL = "/openapi.json"
PROBLEM = "application/problem+json"
TITLE = "Hookline API"
ASSETS = "/docs/assets"  # fastapi-offline's static folder: Swagger UI's and ReDoc's bundles
ICON = Path(__file__).parent / "portal" / "static" / "favicon.ico"
BEARER = "APIKey"  # the name Swagger UI shows in "Authorize"
# The scheme only describes how requests authenticate (api/deps.py does it, unchanged).
BEARER_SCHEME = {
    "type": "http", "scheme": "bearer",
    "description": "An API key, sent as `Authorization: Bearer <key>` on every /v1 operation; "
                   "it gives access to its own environment only. A missing, invalid or "
                   "revoked key answers 401 problem+json with `WWW-Authenticate: Bearer`.",
}
_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}

router = APIRouter(include_in_schema=False)


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    return FileResponse(ICON, media_type="image/x-icon",
                        headers={"Cache-Control": "public, max-age=86400"})


@router.get("/docs")
def swagger_ui() -> HTMLResponse:
    return get_swagger_ui_html(
        openapi_url=OPENAPI_URL, title=TITLE, swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{ASSETS}/swagger-ui.css", swagger_favicon_url="/favicon.ico",
        # No badge from the public validator: it would be sent the schema's address.
        swagger_ui_parameters={"validatorUrl": None})


@router.get("/redoc")
def redoc() -> HTMLResponse:
    page = get_redoc_html(openapi_url=OPENAPI_URL, title=TITLE,
                          redoc_js_url=f"{ASSETS}/redoc.standalone.js",
                          redoc_favicon_url="/favicon.ico", with_google_fonts=False)
    # ReDoc's bundle shows Redocly's logo from Redocly's CDN (and hides it when it fails to
    # load): images from this origin only, so the browser does not even ask.
    page.headers["Content-Security-Policy"] = "img-src 'self' data:; frame-ancestors 'none'"
    return page


def declare_bearer(schema: dict[str, Any]) -> dict[str, Any]:
    """Every operation under /v1 requires the API key (the interface's rule); the ingestion
    URL, health, metrics and the portal do not."""
    schema.setdefault("components", {}).setdefault("securitySchemes", {})[BEARER] = \
        BEARER_SCHEME
    for path, item in schema.get("paths", {}).items():
        if path.startswith("/v1/"):
            for method, operation in item.items():
                if method in _METHODS:
                    operation["security"] = [{BEARER: []}]
    return schema


def for_generators(schema: dict[str, Any]) -> dict[str, Any]:
    """What client generators read as types: an error answer's Problem schema under
    application/problem+json only (the type errors are sent as), and a JSON body a route
    reads itself as a named component rather than inline (`PublishIn`)."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for item in schema.get("paths", {}).values():
        for method, operation in item.items():
            if method not in _METHODS:
                continue
            for answer in operation.get("responses", {}).values():
                content = answer.get("content", {})
                if PROBLEM in content and "schema" in content.get("application/json", {}):
                    content[PROBLEM] = {"schema": content.pop("application/json")["schema"]}
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            inline = body.get("schema", {}) if body else {}
            name = inline.get("title")
            if inline.get("type") == "object" and name and "$defs" not in inline:
                components.setdefault(name, inline)
                body["schema"] = {"$ref": f"#/components/schemas/{name}"}
    return schema


def _with_bearer(app: FastAPI, build: Callable[[], dict[str, Any]]
                 ) -> Callable[[], dict[str, Any]]:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:  # FastAPI builds it once and keeps it there
            app.openapi_schema = for_generators(declare_bearer(build()))
        return app.openapi_schema

    return openapi


def install(app: FastAPI) -> None:
    """For an app made with docs_url=None and redoc_url=None."""
    app.mount(ASSETS, StaticFiles(packages=[("fastapi_offline", "static")]),
              name="docs-assets")
    app.include_router(router)
    app.openapi = _with_bearer(app, app.openapi)  # type: ignore[method-assign]
