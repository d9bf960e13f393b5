"""The consumer portal as a customer's browser meets it, over plain HTTP: magic links, the
session cookie, the CSRF token of the forms."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy import update
from sqlmodel import Session, col

from hookline.persistence.models import PortalLink
from hookline.timeutil import utcnow
from tests.support.api import ok
from tests.support.stack import Stack, Tenant

CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def link(tenant: Tenant, consumer: str = "acme", **body: Any) -> dict[str, Any]:
    return ok(tenant.client.post(f"/v1/consumers/{consumer}/portal", json=body), 201)


def expire(stack: Stack, token: str) -> None:
    """Moves the link's expiry a second into the past."""
    with Session(stack.engine) as session:
        session.execute(update(PortalLink).where(
            col(PortalLink.token_hash) == hashlib.sha256(token.encode()).hexdigest())
            .values(expires_at=utcnow() - timedelta(seconds=1)))
        session.commit()


def opened(browser: PortalClient, tenant: Tenant, who: str = "acme", **body: object
           ) -> PortalClient:
    """`browser` in a session of `who`'s portal, on its endpoints page."""
    browser.open(link(tenant, who, **body)["url"])
    browser.get("/portal/endpoints")
    return browser


def endpoint_ids(tenant: Tenant, who: str = "acme") -> list[str]:
    return [e["id"] for e in ok(tenant.client.get("/v1/endpoints", params={"consumer": who}))]


def consumer(tenant: Tenant, external_id: str, *types: str) -> None:
    tenant.client.post("/v1/consumers", json={"externalId": external_id,
                                              "name": f"{external_id} Inc."})
    for name in types:
        tenant.client.post("/v1/event-types", json={"name": name,
                                                    "description": f"about {name}"})


class PortalClient:
    """A browser without JavaScript: keeps the session cookie, sends forms with the CSRF
    token of the page it last read."""

    def __init__(self, base_url: str) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=30, follow_redirects=False)
        self.csrf = ""

    def open(self, url: str) -> httpx.Response:
        response = self.http.get(url)
        assert response.status_code == 303, response.text
        return response

    def get(self, path: str, expect: int = 200, **params: str) -> str:
        response = self.http.get(path, params=params)
        assert response.status_code == expect, f"{response.status_code}: {response.text}"
        assert response.headers["content-type"].startswith("text/html")
        if found := CSRF.search(response.text):
            self.csrf = found.group(1)
        return response.text

    def post(self, path: str, fields: dict[str, Any] | None = None, *,
             csrf: str | None = None) -> httpx.Response:
        """Sends a form and, as a browser does, follows its redirect: the page after it. A
        form never answers with a page of its own (POST, redirect, GET: reloading a page
        never sends a form again); only a request refused as such does (its 4xx page)."""
        data = {"csrf": self.csrf if csrf is None else csrf, **(fields or {})}
        answer = self.http.post(path, data=data, follow_redirects=True)
        if answer.history:
            assert [r.status_code for r in answer.history] == [303], answer.history
            assert answer.request.method == "GET"
        else:
            assert answer.status_code >= 400, f"{path} answered a page: {answer.status_code}"
        if found := CSRF.search(answer.text):
            self.csrf = found.group(1)
        return answer

    def close(self) -> None:
        self.http.close()
