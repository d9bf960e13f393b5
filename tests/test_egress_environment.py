"""Issue 52, part 3, API side: an environment's `egressProxy` is set, shown (its password as
`***`), refused with a 422 naming the field when the service could not use it (nothing
changed), and cleared with null (the API in-process, both databases). The proxies are at a
public address: a tenant's proxy is under the receivers' address rules (issue 65,
tests/test_egress_guard.py)."""

from __future__ import annotations

import pytest

from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.stack import Tenant
from tests.test_platform_http import assert_problem

stack = in_process_stack()


def test_an_environments_proxy_is_set_shown_without_its_password_and_cleared(
        tenant: Tenant) -> None:
    assert ok(tenant.client.get("/v1/environment"))["egressProxy"] is None
    plain = ok(tenant.client.patch("/v1/environment",
                                   json={"egressProxy": "http://93.184.215.14:3128"}))
    assert plain["egressProxy"] == "http://93.184.215.14:3128"
    secret = ok(tenant.client.patch("/v1/environment", json={
        "egressProxy": "socks5://hooks:s3cr3t@93.184.215.14:1080"}))
    assert secret["egressProxy"] == "socks5://hooks:***@93.184.215.14:1080"
    assert "s3cr3t" not in tenant.client.get("/v1/environment").text
    kept = ok(tenant.client.patch("/v1/environment", json={"retentionDays": 7}))
    assert kept["egressProxy"] == "socks5://hooks:***@93.184.215.14:1080"
    assert ok(tenant.client.patch("/v1/environment", json={"egressProxy": None}))[
        "egressProxy"] is None


@pytest.mark.parametrize("bad", ["ftp://proxy:21", "socks4://proxy:1080", "proxy:3128",
                                 "http://", "http://proxy:3128/path", "http://proxy:99999"])
def test_a_proxy_the_service_cannot_use_is_refused_and_nothing_changes(
        tenant: Tenant, bad: str) -> None:
    ok(tenant.client.patch("/v1/environment", json={"egressProxy": "http://93.184.215.14:8080"}))
    problem = assert_problem(tenant.client.patch("/v1/environment",
                                                 json={"egressProxy": bad}), 422)
    assert [e["field"] for e in problem["errors"]] == ["egressProxy"], problem
    assert ok(tenant.client.get("/v1/environment"))["egressProxy"] == "http://93.184.215.14:8080"
