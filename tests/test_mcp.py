"""Issue 70's target for the MCP servers, driven by the `mcp` SDK's own client: every tool
of the operator's server (`/mcp`, and `hookline mcp` on stdio) and of a Consumer's
(`/portal/mcp`), their confirmations, and a hostile client's tries: another environment's
objects through the operator's, another Consumer's through a Consumer's, a path smuggled in
an id, the wrong bearer at each door, a read-only or revoked link."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.session import ElicitationFnT
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.context import RequestContext
from mcp.types import CallToolResult, ElicitRequestParams, ElicitResult, ErrorData

from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.portal import link
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

pytestmark = pytest.mark.both_databases

OPERATOR_TOOLS = {"find_deliveries", "explain_delivery", "retry_delivery", "replay_event",
                  "recover_endpoint", "endpoint_health", "send_test_event", "list_endpoints",
                  "create_endpoint", "update_endpoint", "delete_endpoint",
                  "preview_endpoint"}
CONSUMER_TOOLS = {"list_endpoints", "endpoint_health", "find_deliveries", "explain_delivery",
                  "retry_delivery", "send_test_event", "set_endpoint_status",
                  "delete_endpoint", "get_contacts", "set_contacts"}
Answer = Callable[[str], ElicitResult]
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "probe", "version": "1"}}}
ACCEPT = {"Accept": "application/json, text/event-stream"}


def saying(action: str, confirm: bool = True) -> Answer:
    def answer(_message: str) -> ElicitResult:
        return ElicitResult(action=action,
                            content={"confirm": confirm} if action == "accept" else None)
    return answer


class Agent:
    """An MCP client session, with what its user answers when a tool asks (None: a
    client that cannot ask)."""

    def __init__(self, session: ClientSession, asked: list[str]) -> None:
        self.session, self.asked = session, asked
        self.answer: Answer | None = None

    async def call(self, tool: str, **arguments: Any) -> Any:
        result = await self.session.call_tool(tool, arguments)
        assert not result.isError, (tool, _text(result))
        found = result.structuredContent
        return found.get("result", found) if isinstance(found, dict) and \
            set(found) == {"result"} else found

    async def refused(self, tool: str, **arguments: Any) -> str:
        result = await self.session.call_tool(tool, arguments)
        assert result.isError, (tool, result.structuredContent)
        return _text(result)


def _text(result: CallToolResult) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


@asynccontextmanager
async def agent(url: str, token: str, *, asks: bool = True) -> AsyncIterator[Agent]:
    asked: list[str] = []
    holder: list[Agent] = []

    async def elicit(context: RequestContext[ClientSession, Any],
                     params: ElicitRequestParams) -> ElicitResult | ErrorData:
        del context
        asked.append(params.message)
        answer = holder[0].answer or saying("decline")
        return answer(params.message)

    callback: ElicitationFnT | None = elicit if asks else None
    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"},
                                 timeout=httpx.Timeout(30, read=300)) as http, \
            streamable_http_client(url, http_client=http) as (read, write, _), \
            ClientSession(read, write, elicitation_callback=callback) as session:
        await session.initialize()
        holder.append(Agent(session, asked))
        yield holder[0]


def exhausted(tenant: Tenant, consumer: str = "acme", endpoint: str | None = None) -> str:
    """A Delivery of a new event that ends exhausted (to `endpoint`, of several)."""
    [delivery] = [d for d in deliveries_of(tenant, publish(tenant, consumer=consumer)["id"])
                  if endpoint is None or d["endpointId"] == endpoint]
    wait_delivery(tenant, delivery["id"], {"exhausted"})
    return str(delivery["id"])


def test_every_operator_tool_over_http(stack: Stack, tenant: Tenant, receiver: Receiver
                                       ) -> None:
    failing = setup_endpoint(tenant, receiver.url("/status/500"))
    fine = setup_endpoint(tenant, receiver.url("/ok/mcp"), consumer="beta")
    delivery_id = exhausted(tenant)
    event_id = ok(tenant.client.get(f"/v1/deliveries/{delivery_id}"))["eventId"]

    async def run() -> None:
        async with agent(f"{stack.base_url}/mcp", tenant.key) as bot:
            tools = await bot.session.list_tools()
            assert {t.name for t in tools.tools} == OPERATOR_TOOLS
            destructive = {t.name for t in tools.tools if t.annotations and
                           t.annotations.destructiveHint}
            assert destructive == {"replay_event", "recover_endpoint", "delete_endpoint"}
            found = await bot.call("find_deliveries", status="exhausted")
            assert [d["id"] for d in found["items"]] == [delivery_id]
            told = await bot.call("explain_delivery", delivery_id=delivery_id)
            assert told["status"] == "exhausted" and "Every attempt failed" in told["summary"]
            assert told["attempts"][0]["said"].startswith("The endpoint answered 500")
            assert any("retry_delivery" in step for step in told["next"])
            health = await bot.call("endpoint_health", endpoint_id=failing["id"])
            assert health["endpoint"]["id"] == failing["id"]
            assert health["stats"]["deliveries"]["exhausted"] == 1
            tested = await bot.call("send_test_event", endpoint_id=fine["id"])
            assert tested["success"] is True and tested["statusCode"] == 200
            assert {e["id"] for e in await bot.call("list_endpoints", consumer="acme")} == \
                {failing["id"]}
            bot.answer = saying("accept")  # a new URL for events asks first
            made = await bot.call("create_endpoint", consumer="acme",
                                  url=receiver.url("/ok/new"), events=["invoice.paid"])
            assert made["secret"].startswith("whsec_")
            changed = await bot.call("update_endpoint", endpoint_id=made["id"],
                                     filter="data.n > 1", description="via MCP")
            assert (changed["filter"], changed["description"]) == ("data.n > 1", "via MCP")
            preview = await bot.call("preview_endpoint", endpoint_id=made["id"],
                                     event_type="invoice.paid", data={"n": 1})
            assert preview["matched"] is False
            preview = await bot.call("preview_endpoint", endpoint_id=made["id"],
                                     event_type="invoice.paid", data={"n": 1},
                                     filter="data.n == 1",
                                     transformation="function handler(w) { w.payload = "
                                                    "{x: 1}; return w; }")
            assert preview["matched"] is True and '"x":1' in preview["body"].replace(" ", "")
            coded = await bot.call("update_endpoint", endpoint_id=made["id"],
                                   transformation="function handler(w) { return w; }")
            assert coded["transformation"].startswith("function handler")
            retried = await bot.call("retry_delivery", delivery_id=delivery_id)
            assert retried is not None
            assert len(bot.asked) == 2  # the creation and the transformation, not the filter
            bot.answer = None
            await _confirmations(bot, event_id, failing["id"], made["id"])

    asyncio.run(run())
    assert ok(tenant.client.get(f"/v1/endpoints/{fine['id']}"))["status"] == "Enabled"


async def _confirmations(bot: Agent, event_id: str, failing_id: str, made_id: str) -> None:
    """Each destructive tool asks first; a decline does nothing, a yes does it."""
    before = len(bot.asked)
    said = await bot.refused("replay_event", event_id=event_id)
    assert "not confirmed" in said and len(bot.asked) == before + 1
    assert event_id in bot.asked[-1]
    bot.answer = saying("accept")
    assert len((await bot.call("replay_event", event_id=event_id))["deliveries"]) >= 1
    for _ in range(300):  # the retry's attempt (a 500 again) ends it exhausted
        done = await bot.call("find_deliveries", endpoint=failing_id, status="exhausted")
        if done["items"]:
            break
        await asyncio.sleep(0.2)
    counted = await bot.call("recover_endpoint", endpoint_id=failing_id,
                             since="2020-01-01T00:00:00Z")
    assert counted["matching"] >= 1 and len(bot.asked) == before + 2  # a dry run asks not
    bot.answer = saying("accept", confirm=False)
    assert "not confirmed" in await bot.refused("recover_endpoint", endpoint_id=failing_id,
                                                since="2020-01-01T00:00:00Z", dry_run=False)
    bot.answer = saying("accept")
    started = await bot.call("recover_endpoint", endpoint_id=failing_id,
                             since="2020-01-01T00:00:00Z", dry_run=False)
    assert started["recovered"] >= 1
    bot.answer = saying("cancel")
    await bot.refused("delete_endpoint", endpoint_id=made_id)
    bot.answer = saying("accept")
    assert (await bot.call("delete_endpoint", endpoint_id=made_id)) == {"deleted": made_id}


def test_the_operator_scope_refuses_other_environments(stack: Stack, tenant: Tenant,
                                                       receiver: Receiver) -> None:
    theirs = stack.tenant()
    their_endpoint = setup_endpoint(theirs, receiver.url("/status/500"))
    their_delivery = exhausted(theirs)
    their_event = ok(theirs.client.get(f"/v1/deliveries/{their_delivery}"))["eventId"]
    setup_endpoint(tenant, receiver.url("/ok/mine"))

    async def run() -> None:
        async with agent(f"{stack.base_url}/mcp", tenant.key) as bot:
            bot.answer = saying("accept")
            for tool, arguments in [
                ("explain_delivery", {"delivery_id": their_delivery}),
                ("retry_delivery", {"delivery_id": their_delivery}),
                ("replay_event", {"event_id": their_event}),
                ("endpoint_health", {"endpoint_id": their_endpoint["id"]}),
                ("send_test_event", {"endpoint_id": their_endpoint["id"]}),
                ("update_endpoint", {"endpoint_id": their_endpoint["id"],
                                     "url": receiver.url("/ok/stolen")}),
                ("delete_endpoint", {"endpoint_id": their_endpoint["id"]}),
                ("preview_endpoint", {"endpoint_id": their_endpoint["id"]}),
                ("recover_endpoint", {"endpoint_id": their_endpoint["id"],
                                      "since": "2020-01-01T00:00:00Z", "dry_run": False}),
                # An id that smuggles a path names no other route.
                ("delete_endpoint", {"endpoint_id": f"../events/{their_event}/payload"}),
                ("explain_delivery", {"delivery_id": f"..%2f..%2fevents%2f{their_event}"}),
            ]:
                assert "404" in await bot.refused(tool, **arguments), tool
            assert "404" in await bot.refused("find_deliveries",
                                              endpoint=their_endpoint["id"])
            found = await bot.call("find_deliveries")
            assert their_delivery not in {d["id"] for d in found["items"]}
            listed = {e["id"] for e in await bot.call("list_endpoints")}
            assert listed and their_endpoint["id"] not in listed

    asyncio.run(run())
    assert ok(theirs.client.get(f"/v1/endpoints/{their_endpoint['id']}"))["url"] == \
        their_endpoint["url"]
    assert ok(theirs.client.get(f"/v1/events/{their_event}"))["deliveries"] == 1
    assert ok(theirs.client.get(f"/v1/deliveries/{their_delivery}"))["attempts"] == 4


def test_the_wrong_bearer_is_refused_at_each_door(stack: Stack, tenant: Tenant) -> None:
    tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "Acme"})
    portal_token = link(tenant)["token"]
    for path, bearer in [("/mcp", None), ("/mcp", "hk_nope"), ("/mcp", portal_token),
                         ("/portal/mcp", None), ("/portal/mcp", tenant.key),
                         ("/portal/mcp", "hlportal_nope")]:
        sent = {**ACCEPT, **({"Authorization": f"Bearer {bearer}"} if bearer else {})}
        answer = httpx.post(f"{stack.base_url}{path}", json=INITIALIZE, headers=sent)
        assert answer.status_code == 401, (path, bearer, answer.text)
        assert answer.headers["content-type"] == "application/problem+json"
        assert answer.headers["www-authenticate"] == "Bearer"


def test_one_consumer_cannot_hold_every_session(stack: Stack, tenant: Tenant) -> None:
    """A tenant's share of open sessions is its own: past it, 429; another Consumer still
    opens one; closing one makes room."""
    for who in ("acme", "beta"):
        tenant.client.post("/v1/consumers", json={"externalId": who, "name": who})
    mine, theirs = link(tenant)["token"], link(tenant, "beta")["token"]

    def opening(token: str) -> httpx.Response:
        return httpx.post(f"{stack.base_url}/portal/mcp", json=INITIALIZE, headers={
            **ACCEPT, "Authorization": f"Bearer {token}"})

    sessions = []
    for _ in range(10):
        answer = opening(mine)
        assert answer.status_code == 200, answer.text
        sessions.append(answer.headers["mcp-session-id"])
    refused = opening(mine)
    assert refused.status_code == 429 and refused.json()["title"] == "Too many MCP sessions"
    assert opening(theirs).status_code == 200
    # Another link (the same tenant's) cannot use, nor close, a session it did not open.
    for method in ("POST", "DELETE"):
        stolen = httpx.request(method, f"{stack.base_url}/portal/mcp", json={
            "jsonrpc": "2.0", "id": 2, "method": "tools/list"} if method == "POST" else None,
            headers={**ACCEPT, "Authorization": f"Bearer {theirs}",
                     "mcp-session-id": sessions[1]})
        assert stolen.status_code in (403, 404), (method, stolen.status_code, stolen.text)
    closed = httpx.delete(f"{stack.base_url}/portal/mcp", headers={
        "Authorization": f"Bearer {mine}", "mcp-session-id": sessions[0]})
    assert closed.status_code == 200, closed.text
    assert opening(mine).status_code == 200


def test_a_consumers_agent_is_held_to_its_organizations_rate(stack: Stack) -> None:
    """Its tool calls count against the organization's requests per second, as the API's
    do: an agent in a loop gets 429s, not the database."""
    slow = stack.tenant(rps=2)
    slow.client.post("/v1/consumers", json={"externalId": "acme", "name": "Acme"})
    token = link(slow)["token"]

    async def run() -> list[str]:
        async with agent(f"{stack.base_url}/portal/mcp", token) as bot:
            await asyncio.sleep(1.5)  # past the second the set-up's calls were counted in
            said = []
            for _ in range(8):
                result = await bot.session.call_tool("list_endpoints", {})
                said.append(_text(result) if result.isError else "ok")
            return said

    said = asyncio.run(run())
    assert "ok" in said and any("429 Too many requests" in s for s in said), said
    slow.client.close()


def test_a_client_that_cannot_confirm_changes_nothing(stack: Stack, tenant: Tenant,
                                                      receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/ok/keep"))

    async def run() -> None:
        async with agent(f"{stack.base_url}/mcp", tenant.key, asks=False) as bot:
            said = await bot.refused("delete_endpoint", endpoint_id=endpoint["id"])
            assert "cannot show" in said

    asyncio.run(run())
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["id"] == endpoint["id"]


def test_every_consumer_tool_and_no_other_consumers_objects(
        stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    mine = setup_endpoint(tenant, receiver.url("/status/500"))
    spare = setup_endpoint(tenant, receiver.url("/ok/spare"))
    theirs = setup_endpoint(tenant, receiver.url("/status/500"), consumer="beta")
    my_delivery, their_delivery = exhausted(tenant, endpoint=mine["id"]), \
        exhausted(tenant, "beta")
    elsewhere = stack.tenant()
    far = setup_endpoint(elsewhere, receiver.url("/status/500"))
    far_delivery = exhausted(elsewhere)
    token = link(tenant)["token"]

    async def run() -> None:
        async with agent(f"{stack.base_url}/portal/mcp", token) as bot:
            tools = await bot.session.list_tools()
            assert {t.name for t in tools.tools} == CONSUMER_TOOLS
            assert {e["id"] for e in await bot.call("list_endpoints")} == \
                {mine["id"], spare["id"]}
            health = await bot.call("endpoint_health", endpoint_id=mine["id"])
            assert health["stats"]["deliveries"]["exhausted"] == 1
            found = await bot.call("find_deliveries", status="exhausted")
            assert [d["id"] for d in found["items"]] == [my_delivery]
            told = await bot.call("explain_delivery", delivery_id=my_delivery)
            assert told["attempts"][0]["said"].startswith("The endpoint answered 500")
            assert (await bot.call("retry_delivery", delivery_id=my_delivery))["queued"]
            assert (await bot.call("send_test_event", endpoint_id=spare["id"]))["success"]
            status = await bot.call("set_endpoint_status", endpoint_id=spare["id"],
                                    status="disabled")
            assert status["status"] == "DisabledManually"
            bot.answer = saying("accept")
            contacts = await bot.call("set_contacts", emails=["ops@acme.com"])
            assert "ops@acme.com" in bot.asked[-1]
            assert contacts == {"emails": ["ops@acme.com"], "slackUrl": None,
                                "teamsUrl": None}
            assert await bot.call("get_contacts") == contacts
            assert "contacts.slackUrl" in await bot.refused(
                "set_contacts", slack_url="http://169.254.169.254/latest")
            assert await bot.call("delete_endpoint", endpoint_id=spare["id"]) == \
                {"deleted": spare["id"]}
            for endpoint_id, delivery_id in ((theirs["id"], their_delivery),
                                             (far["id"], far_delivery)):
                for tool, arguments in [
                    ("endpoint_health", {"endpoint_id": endpoint_id}),
                    ("find_deliveries", {"endpoint_id": endpoint_id}),
                    ("explain_delivery", {"delivery_id": delivery_id}),
                    ("retry_delivery", {"delivery_id": delivery_id}),
                    ("send_test_event", {"endpoint_id": endpoint_id}),
                    ("set_endpoint_status", {"endpoint_id": endpoint_id,
                                             "status": "disabled"}),
                    ("delete_endpoint", {"endpoint_id": endpoint_id}),
                ]:
                    assert "404" in await bot.refused(tool, **arguments), (tool, endpoint_id)

    asyncio.run(run())
    assert ok(tenant.client.get(f"/v1/endpoints/{theirs['id']}"))["status"] == "Enabled"
    assert ok(tenant.client.get(f"/v1/deliveries/{their_delivery}"))["attempts"] == 4
    assert ok(elsewhere.client.get(f"/v1/endpoints/{far['id']}"))["status"] == "Enabled"


def test_a_read_only_link_reads_and_a_revoked_one_stops(stack: Stack, tenant: Tenant,
                                                        receiver: Receiver) -> None:
    mine = setup_endpoint(tenant, receiver.url("/status/500"))
    delivery = exhausted(tenant)
    token = link(tenant, readOnly=True)["token"]

    async def run() -> None:
        async with agent(f"{stack.base_url}/portal/mcp", token) as bot:
            assert [e["id"] for e in await bot.call("list_endpoints")] == [mine["id"]]
            for tool, arguments in [("retry_delivery", {"delivery_id": delivery}),
                                    ("set_endpoint_status", {"endpoint_id": mine["id"],
                                                             "status": "disabled"}),
                                    ("set_contacts", {"emails": ["ops@acme.com"]})]:
                assert "403" in await bot.refused(tool, **arguments), tool

    asyncio.run(run())
    assert ok(tenant.client.get(f"/v1/deliveries/{delivery}"))["attempts"] == 4
    ok(tenant.client.delete("/v1/consumers/acme/portal"), 204)
    answer = httpx.post(f"{stack.base_url}/portal/mcp", json=INITIALIZE, headers={
        **ACCEPT, "Authorization": f"Bearer {token}"})
    assert answer.status_code == 401 and "revoked" in answer.json()["detail"]


def test_hookline_mcp_on_stdio(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    delivery = exhausted(tenant)
    theirs = stack.tenant()
    setup_endpoint(theirs, receiver.url("/status/500"))
    their_delivery = exhausted(theirs)
    server = StdioServerParameters(
        command=str(Path(sys.executable).parent / "hookline"), args=["mcp"],
        env={**os.environ, **stack.settings_env(), "HOOKLINE_API_KEY": tenant.key,
             "HOOKLINE_API_URL": stack.base_url})

    async def run() -> None:
        async with stdio_client(server) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            assert {t.name for t in tools.tools} == OPERATOR_TOOLS
            told = await session.call_tool("explain_delivery", {"delivery_id": delivery})
            assert not told.isError and told.structuredContent is not None
            assert told.structuredContent["status"] == "exhausted"
            health = await session.call_tool("endpoint_health",
                                             {"endpoint_id": endpoint["id"]})
            assert not health.isError
            refused = await session.call_tool("explain_delivery",
                                              {"delivery_id": their_delivery})
            assert refused.isError and "404" in _text(refused)

    asyncio.run(run())
