"""Issue 36's bad input, through the API on SQLite and PostgreSQL: an unknown provider names
the valid ones, a providerConfig that cannot work names its field, and a secret in the wrong
form for its scheme is refused when it is set; each is 422 and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.in_process import in_process_stack
from tests.support.stack import Tenant
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source

# Only the API's answers and rows: the API in-process, on both databases.
stack = in_process_stack()


def _source(tenant: Tenant, source_id: str) -> dict[str, Any]:
    found: dict[str, Any] = tenant.client.get(f"/v1/ingest/sources/{source_id}").json()
    return found


def test_unknown_provider_lists_the_valid_names(tenant: Tenant) -> None:
    source = make_source(tenant)
    problem = assert_problem(tenant.client.patch(f"/v1/ingest/sources/{source['id']}",
                                                 json={"provider": "stripey"}), 422)
    error = problem["errors"][0]
    assert error["field"] == "provider"
    codes = [p["code"] for p in tenant.client.get("/v1/ingest/providers").json()]
    assert len(codes) > 45
    assert all(code in error["message"] for code in codes)
    assert _source(tenant, source["id"])["provider"] == "generic"


@pytest.mark.parametrize(("config", "field"), [
    ({"signatureHeader": "X-Sig", "algorithm": "md5"}, "providerConfig.algorithm"),
    ({"signatureHeader": "X-Sig", "signedContent": "{timestamp}.{body}"},
     "providerConfig.timestampFrom"),
    ({"signatureHeader": "X-Sig", "timestampFrom": "query:t"}, "providerConfig.timestampFrom"),
    ({"signatureHeader": "X-Sig", "tolerance": "soon"}, "providerConfig.tolerance"),
    ({"signatureHeader": 5}, "providerConfig.signatureHeader"),
])
def test_generic_config_that_cannot_work(tenant: Tenant, config: dict[str, Any],
                                         field: str) -> None:
    source = make_source(tenant)
    problem = assert_problem(tenant.client.patch(
        f"/v1/ingest/sources/{source['id']}", json={"providerConfig": config}), 422)
    assert problem["errors"][0]["field"] == field
    assert _source(tenant, source["id"])["providerConfig"] is None


def test_generic_config_that_works_is_kept(tenant: Tenant) -> None:
    config = {"signatureHeader": "X-Buildkite-Signature", "signatureSeparator": ",",
              "signatureKey": "signature", "timestampFrom": "signature:timestamp",
              "signedContent": "{timestamp}.{body}", "tolerance": "300"}
    source = make_source(tenant, providerConfig=config)
    assert _source(tenant, source["id"])["providerConfig"] == config


@pytest.mark.parametrize(("provider", "secret"), [
    ("discord", "not-a-hex-key"),
    ("standard-webhooks", "whsec_***not base64***"),
    ("sendgrid", "-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----"),
    ("telnyx", "00ff" * 16),  # hex, where Telnyx's key is base64
    ("adyen", "not hex"),
])
def test_secret_in_the_wrong_form(tenant: Tenant, provider: str, secret: str) -> None:
    source = make_source(tenant, provider=provider)
    url = f"/v1/ingest/sources/{source['id']}/secret"
    problem = assert_problem(tenant.client.put(url, json={"secret": secret}), 422)
    assert problem["errors"][0]["field"] == "secret"
    assert _source(tenant, source["id"])["hasSecret"] is False
