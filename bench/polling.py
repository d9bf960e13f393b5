"""Issue 69's target for polling endpoints, on PostgreSQL (a throwaway server of its own),
the Temporal dev server and the product's defaults:

  python -m bench.polling                    # about 10 minutes on 2 cores
  python -m bench.polling --events 1000      # smaller

Publishes `--events` events to one Consumer's polling endpoint (PUBLISHERS threads), then pulls
them as its Consumer would, with the endpoint's token, in pages of `--page`, verifying each
signature and committing each page. Once, it stops mid-page without committing, as a
consumer that dies would, and pulls again from the committed cursor. Then it waits until
every Delivery is `delivered` and every workflow has ended.

Targets: every Delivery `delivered`, once (one attempt each), in id order, none skipped;
the stopped consumer's next page is the page it dropped. Figures print as one JSON object:
the publish and pull rates, the whole machine's CPU per message while pulling, and how long
the workflows took to end after the last commit."""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from typing import Any

import httpx
from sqlalchemy import text
from standardwebhooks.webhooks import Webhook
from temporalio.client import Client

from bench.batched import publish_all
from bench.stack import machine_busy_s
from bench.throwaway import defaults_stack
from tests.support.api import ok
from tests.support.stack import Stack, Tenant


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.polling", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--page", type=int, default=100)
    args = parser.parse_args(argv)
    with defaults_stack("polling") as (stack, _server):
        tenant = stack.tenant(rps=1_000_000)
        tenant.client.post("/v1/event-types", json={"name": "invoice.paid"})
        tenant.client.post("/v1/consumers", json={"externalId": "onprem", "name": "onprem"})
        endpoint = ok(tenant.client.post("/v1/endpoints", json={
            "consumer": "onprem", "kind": "polling"}), 201)
        started = time.monotonic()
        publish_all(tenant, "onprem", args.events)
        published_s = time.monotonic() - started
        figures: dict[str, Any] = {
            "events": args.events, "page": args.page,
            "publish": {"seconds": round(published_s, 1),
                        "per_s": round(args.events / published_s, 1)}}
        figures["pull"] = pull_all(stack, tenant, endpoint, args.events, args.page)
        figures["ended"] = ended(stack, endpoint, args.events)
    print(json.dumps(figures, indent=2))


def pull_all(stack: Stack, tenant: Tenant, endpoint: dict[str, Any], events: int,
             page_size: int) -> dict[str, Any]:
    """Every message pulled, verified and committed, page by page, once stopping mid-page."""
    verifier = Webhook(endpoint["secret"])
    url = f"/v1/poll/{endpoint['id']}"
    seen: list[str] = []
    resumed = None
    busy = machine_busy_s()["busy"]
    started = time.monotonic()
    with httpx.Client(base_url=stack.base_url, timeout=60, headers={
            "Authorization": f"Bearer {endpoint['pollToken']}"}) as consumer:
        while len(seen) < events:
            assert time.monotonic() - started < 1800, f"{len(seen)} of {events} pulled"
            page = ok(consumer.get(url, params={"limit": page_size}))
            if not page["data"]:
                time.sleep(0.5)  # the last ones are not two seconds old yet
                continue
            if resumed is None and len(seen) >= events // 2:
                # Dies mid-page: half processed, nothing committed. The next pull from the
                # committed cursor must give the same page again.
                dropped = [m["id"] for m in page["data"]]
                again = ok(consumer.get(url, params={"limit": page_size}))
                resumed = [m["id"] for m in again["data"]] == dropped
                page = again
            for message in page["data"]:
                verifier.verify(message["body"], message["headers"])
                seen.append(message["id"])
            ok(consumer.post(f"{url}/commit", json={"cursor": page["cursor"]}))
    seconds = time.monotonic() - started
    busy = machine_busy_s()["busy"] - busy
    stored = _ids(stack, endpoint["id"])
    return {"pulled": len(seen), "unique": len(set(seen)),
            "in_order": seen == sorted(seen), "all_of_them": seen == stored,
            "stopped_mid_page_resumed_at_it": resumed, "seconds": round(seconds, 1),
            "per_s": round(len(seen) / seconds, 1),
            "machine_cpu_ms_per_message": round(1000 * busy / max(len(seen), 1), 2)}


def ended(stack: Stack, endpoint: dict[str, Any], events: int) -> dict[str, Any]:
    """Waits until every Delivery is `delivered` with one attempt, and no Delivery workflow
    runs: how long after the last commit."""
    started = time.monotonic()
    while True:
        with stack.engine.connect() as db:
            delivered, attempts, over = db.execute(text(
                "SELECT count(*) FILTER (WHERE d.status = 'delivered'), "
                "(SELECT count(*) FROM attempts a WHERE a.target_id = :e), "
                "(SELECT count(*) FROM (SELECT delivery_id FROM attempts WHERE target_id = :e "
                "GROUP BY delivery_id HAVING count(*) > 1) x) "
                "FROM deliveries d WHERE d.endpoint_id = :e"), {"e": endpoint["id"]}).one()
        running = asyncio.run(_running(stack))
        if (delivered == events and running == 0) or time.monotonic() - started > 600:
            return {"delivered": delivered, "attempts": attempts,
                    "delivered_more_than_once": over, "workflows_running": running,
                    "seconds_after_last_commit": round(time.monotonic() - started, 1)}
        time.sleep(1)


async def _running(stack: Stack) -> int:
    client = await Client.connect(stack.temporal_address)
    found = await client.count_workflows(
        "WorkflowType = 'DeliveryWorkflow' AND ExecutionStatus = 'Running'")
    return found.count


def _ids(stack: Stack, endpoint_id: str) -> list[str]:
    with stack.engine.connect() as db:
        return [row[0] for row in db.execute(text(
            "SELECT id FROM deliveries WHERE endpoint_id = :e ORDER BY id"), {"e": endpoint_id})]


if __name__ == "__main__":
    main()
