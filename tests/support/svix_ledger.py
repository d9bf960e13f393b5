"""The ledger of the Svix-compatible API (issue 51): the 41 operations of svix-webhooks'
`server/openapi.json` (HEAD twins left out), each with the test that calls it (`module.py::
test`, in tests/), through the Svix SDK where the SDK has it, else over HTTP. A test
records the requests of its clients (`watch`) and, at its end, must have made every
operation the ledger gives it (`check`, by `svix_sdk.fixtures`' `ledger`);
`tests/test_svix_api.py` holds the ledger against the app's routes."""

from __future__ import annotations

import re
from dataclasses import dataclass

import httpx


@dataclass(frozen=True)
class Operation:
    method: str
    path: str  # the template, as in Svix's openapi.json
    operation_id: str  # Svix's; `GET /api/v1/health/ping` has none, so its path stands in
    test: str  # `module::test` of tests/

    def matches(self, method: str, path: str) -> bool:
        pattern = re.sub(r"\{[^}]+\}", "[^/]+", self.path)
        return method == self.method and re.fullmatch(pattern, path) is not None


_APP = "/api/v1/app/{app_id}"
_EP = _APP + "/endpoint/{endpoint_id}"
_MSG = _APP + "/msg/{msg_id}"
_ET = "/api/v1/event-type/{event_type_name}"
_SDK = "test_svix_api.py::"
_APPS = _SDK + "test_an_application_is_a_consumer"
_PAGES = _SDK + "test_applications_page_through_with_iterators"
_TYPES = _SDK + "test_event_types_are_archived_then_made_again_or_expunged"
_PORTAL = _SDK + "test_portal_access_opens_the_portal"
_HEALTH = _SDK + "test_health_and_logout"
_ENDPOINTS = "test_svix_endpoints.py::test_an_endpoint_is_an_endpoint_of_the_applications_consumer"
_EP_PAGES = "test_svix_endpoints.py::test_endpoints_page_newest_first"
_EXAMPLE = ("test_svix_delivery.py::"
            "test_svix_headers_verify_and_an_example_goes_to_its_endpoint_alone")
_RECOVER = "test_svix_delivery.py::test_recover_resends_what_failed"
_MESSAGES = "test_svix_messages.py::test_a_message_is_an_event_and_its_event_id_is_taken_once"
_MSG_PAGES = "test_svix_messages.py::test_messages_page_newest_first_and_filter"
_EXPUNGE = "test_svix_messages.py::test_expunged_content_reads_expired"
_ATTEMPTS = "test_svix_attempts.py::test_attempts_of_an_endpoint_and_of_a_message"
_RESEND = "test_svix_attempts_delivery.py::test_resend_delivers_the_message_again"

OPERATIONS = [
    Operation("GET", "/api/v1/app", "v1.application.list", _PAGES),
    Operation("POST", "/api/v1/app", "v1.application.create", _APPS),
    Operation("DELETE", _APP, "v1.application.delete", _APPS),
    Operation("GET", _APP, "v1.application.get", _APPS),
    Operation("PATCH", _APP, "patch_application", _APPS),
    Operation("PUT", _APP, "v1.application.update", _APPS),
    Operation("GET", _APP + "/attempt/endpoint/{endpoint_id}",
              "v1.message-attempt.list-by-endpoint", _ATTEMPTS),
    Operation("GET", _APP + "/attempt/msg/{msg_id}", "v1.message-attempt.list-by-msg", _ATTEMPTS),
    Operation("GET", _APP + "/endpoint", "v1.endpoint.list", _EP_PAGES),
    Operation("POST", _APP + "/endpoint", "v1.endpoint.create", _ENDPOINTS),
    Operation("DELETE", _EP, "v1.endpoint.delete", _ENDPOINTS),
    Operation("GET", _EP, "v1.endpoint.get", _ENDPOINTS),
    Operation("PATCH", _EP, "patch_endpoint", _ENDPOINTS),
    Operation("PUT", _EP, "v1.endpoint.update", _ENDPOINTS),
    Operation("GET", _EP + "/headers", "v1.endpoint.get-headers", _ENDPOINTS),
    Operation("PATCH", _EP + "/headers", "v1.endpoint.patch-headers", _ENDPOINTS),
    Operation("PUT", _EP + "/headers", "v1.endpoint.update-headers", _ENDPOINTS),
    Operation("GET", _EP + "/msg", "v1.message-attempt.list-attempted-messages",
              _ATTEMPTS),
    Operation("POST", _EP + "/recover", "v1.endpoint.recover", _RECOVER),
    Operation("GET", _EP + "/secret", "v1.endpoint.get-secret", _ENDPOINTS),
    Operation("POST", _EP + "/secret/rotate", "v1.endpoint.rotate-secret", _ENDPOINTS),
    Operation("POST", _EP + "/send-example", "v1.endpoint.send-example", _EXAMPLE),
    Operation("GET", _EP + "/stats", "v1.endpoint.get-stats", _ENDPOINTS),
    Operation("GET", _APP + "/msg", "v1.message.list", _MSG_PAGES),
    Operation("POST", _APP + "/msg", "v1.message.create", _MESSAGES),
    Operation("GET", _MSG, "v1.message.get", _MESSAGES),
    Operation("GET", _MSG + "/attempt/{attempt_id}", "v1.message-attempt.get", _ATTEMPTS),
    Operation("DELETE", _MSG + "/attempt/{attempt_id}/content",
              "v1.message-attempt.expunge-content", _ATTEMPTS),
    Operation("DELETE", _MSG + "/content", "v1.message.expunge-content", _EXPUNGE),
    Operation("GET", _MSG + "/endpoint", "v1.message-attempt.list-attempted-destinations",
              _ATTEMPTS),
    Operation("POST", _MSG + "/endpoint/{endpoint_id}/resend", "v1.message-attempt.resend",
              _RESEND),
    Operation("POST", "/api/v1/auth/app-portal-access/{app_id}",
              "v1.authentication.app-portal-access", _PORTAL),
    Operation("POST", "/api/v1/auth/logout", "logout_api_v1_auth_logout__post", _HEALTH),
    Operation("GET", "/api/v1/event-type", "v1.event-type.list", _TYPES),
    Operation("POST", "/api/v1/event-type", "v1.event-type.create", _TYPES),
    Operation("DELETE", _ET, "v1.event-type.delete", _TYPES),
    Operation("GET", _ET, "v1.event-type.get", _TYPES),
    Operation("PATCH", _ET, "patch_event_type", _TYPES),
    Operation("PUT", _ET, "v1.event-type.update", _TYPES),
    Operation("GET", "/api/v1/health", "v1.health.get", _HEALTH),
    Operation("GET", "/api/v1/health/ping", "GET /api/v1/health/ping", _HEALTH),
]


def watch(client: httpx.Client, seen: set[tuple[str, str]]) -> httpx.Client:
    """Records each request `client` sends (method, path) in `seen`; the client is
    otherwise untouched (the SDK's own, for its calls)."""

    def record(request: httpx.Request) -> None:
        seen.add((request.method, request.url.path))

    client.event_hooks["request"].append(record)
    return client


def check(test: str, seen: set[tuple[str, str]]) -> None:
    """`test` (`module::name`) made every operation the ledger gives it."""
    missing = [f"{op.method} {op.path}" for op in OPERATIONS if op.test == test
               and not any(op.matches(method, path) for method, path in seen)]
    assert missing == [], f"{test} should call {missing}"
