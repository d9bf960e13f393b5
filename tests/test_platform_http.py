"""Issue 2: the HTTP contract: authentication, problem+json everywhere, pagination, ints."""

from __future__ import annotations

import json
import socket
import subprocess
import time

import httpx

from tests.support.procs import hookline
from tests.support.stack import Stack, Tenant

PROBLEM = "application/problem+json"


def assert_problem(response: httpx.Response, status: int) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert body["status"] == status and body["type"].startswith("https://")
    assert body["title"] and body["detail"]
    return body


def test_health_and_ready(stack: Stack) -> None:
    assert httpx.get(stack.base_url + "/healthz").json() == {"status": "ok"}
    ready = httpx.get(stack.base_url + "/readyz")
    assert ready.status_code == 200
    checks = {"database": "ok", "temporal": "ok"}
    assert ready.json() == {"status": "ok", **checks, "checks": checks}


def test_missing_malformed_unknown_keys_are_401(stack: Stack) -> None:
    url = stack.base_url + "/v1/consumers"
    for headers in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer"},
                    {"Authorization": "Bearer hk_notakey"}):
        response = httpx.get(url, headers=headers)
        assert_problem(response, 401)
        assert response.headers["www-authenticate"].startswith("Bearer")


def test_revoked_key_is_401(stack: Stack, tenant: Tenant) -> None:
    assert tenant.client.get("/v1/consumers").status_code == 200
    done = subprocess.run(hookline("key", "revoke", tenant.key_id), capture_output=True,
                          env=stack.settings_env(), text=True, check=False)
    assert done.returncode == 0, done.stderr
    body = assert_problem(tenant.client.get("/v1/consumers"), 401)
    assert "revoked" in body["detail"]


def test_unknown_route_and_method(tenant: Tenant) -> None:
    assert_problem(tenant.client.get("/v1/nothing-here"), 404)
    assert_problem(tenant.client.put("/v1/consumers", json={}), 405)


def test_wrong_media_type_is_415_and_changes_nothing(tenant: Tenant) -> None:
    response = tenant.client.post("/v1/consumers", content=b"externalId=a&name=b",
                                  headers={"content-type": "application/x-www-form-urlencoded"})
    assert_problem(response, 415)
    assert tenant.client.get("/v1/consumers").json()["items"] == []


def test_too_large_is_413(tenant: Tenant) -> None:
    big = {"externalId": "x", "name": "y", "pad": "z" * (3 * 1024 * 1024)}
    assert_problem(tenant.client.post("/v1/consumers", json=big), 413)


def test_validation_errors_list_fields(tenant: Tenant) -> None:
    body = assert_problem(tenant.client.post("/v1/consumers", json={"name": "n" * 201}), 422)
    fields = {e["field"] for e in body["errors"]}
    assert {"externalId", "name"} <= fields
    assert_problem(tenant.client.post("/v1/consumers", content=b"{nope",
                                      headers={"content-type": "application/json"}), 422)


def test_other_environment_is_404(stack: Stack, tenant: Tenant) -> None:
    created = tenant.client.post("/v1/consumers", json={"externalId": "c1", "name": "C"})
    assert created.status_code == 201
    other = stack.tenant()
    assert_problem(other.client.get(f"/v1/consumers/{created.json()['id']}"), 404)
    assert tenant.client.get("/v1/consumers/c1").json()["id"] == created.json()["id"]


def test_cursor_pagination_and_tampering(tenant: Tenant) -> None:
    for i in range(5):
        tenant.client.post("/v1/consumers", json={"externalId": f"c{i}", "name": f"C{i}"})
    seen: list[str] = []
    cursor = None
    while True:
        params = {"limit": "2", **({"cursor": cursor} if cursor else {})}
        page = tenant.client.get("/v1/consumers", params=params).json()
        seen += [c["externalId"] for c in page["items"]]
        cursor = page["nextCursor"]
        if cursor is None:
            break
        tampered = cursor[:-2] + ("AA" if not cursor.endswith("AA") else "BB")
        assert_problem(tenant.client.get("/v1/consumers", params={"cursor": tampered}), 422)
    assert seen == ["c4", "c3", "c2", "c1", "c0"]
    assert_problem(tenant.client.get("/v1/consumers", params={"cursor": "garbage"}), 422)


def test_integers_as_int_or_int32_string(tenant: Tenant) -> None:
    assert tenant.client.get("/v1/consumers", params={"limit": "7"}).status_code == 200
    for bad in ("2.5", "abc", "0", "101", str(2**31)):
        assert_problem(tenant.client.get("/v1/consumers", params={"limit": bad}), 422)


def test_openapi_documents_errors(stack: Stack) -> None:
    spec = httpx.get(stack.base_url + "/openapi.json").json()
    operation = spec["paths"]["/v1/consumers"]["post"]
    for code in ("401", "409", "422", "429"):
        assert code in operation["responses"], code
        assert "application/problem+json" in operation["responses"][code]["content"]
    assert httpx.get(stack.base_url + "/docs").status_code == 200


def test_openapi_declares_what_routes_answer(stack: Stack) -> None:
    """Bounds are JSON Schema's minimum and maximum; replay's 409 and erasure's `cancel`
    and 409 are declared; an attempt's error types include circuit_open."""
    text = httpx.get(stack.base_url + "/openapi.json").text
    assert '"ge"' not in text and '"le"' not in text
    spec = json.loads(text)
    minutes = spec["components"]["schemas"]["SourcePatch"]["properties"][
        "silenceAlertMinutes"]["anyOf"][0]
    assert (minutes["minimum"], minutes["maximum"]) == (0, 43200)
    assert "409" in spec["paths"]["/v1/events/{event_id}/replay"]["post"]["responses"]
    for path in ("/v1/events/{event_id}/payload", "/v1/ingest/messages/{message_id}/payload"):
        erase = spec["paths"][path]["delete"]
        assert "409" in erase["responses"]
        [cancel] = [p for p in erase["parameters"] if p["name"] == "cancel"]
        assert cancel["schema"]["enum"] == ["true", "false"]
    attempt = spec["components"]["schemas"]["AttemptOut"]["properties"]["errorType"]
    assert "circuit_open" in attempt["description"]


def test_a_client_that_leaves_mid_body_is_one_line_in_the_log(stack: Stack,
                                                              tenant: Tenant) -> None:
    port = int(stack.base_url.rsplit(":", 1)[1])
    log = stack.folder / f"api-{port}.log"
    before = log.stat().st_size
    key = tenant.key.encode()
    for path in (b"/v1/events", b"/v1/consumers"):
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                         + key + b"\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1000\r\n\r\n{\"type\": ")
            time.sleep(0.3)
    time.sleep(1)
    assert httpx.get(stack.base_url + "/healthz").status_code == 200
    with log.open() as written:
        written.seek(before)
        new = written.read()
    assert "Exception in ASGI application" not in new and "Traceback" not in new, new
