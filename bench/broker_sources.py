"""Issue 69's targets for broker sources, on PostgreSQL (a throwaway server of its own), the
Temporal dev server, a Kafka broker, moto's SQS and the product's defaults:

  python -m bench.broker_sources                          # about 12 minutes on 2 cores
  python -m bench.broker_sources --messages 10000 --sqs 1000   # smaller

Kafka: publishes `--messages` events through `POST /v1/events` (PUBLISHERS threads), then
writes as many messages to a Kafka topic and lets a Source read them, killing the worker
(which reads them) twice mid-run. The events go to a Consumer with no endpoint: both rates
are the publish path's alone, not the deliveries'. Targets: the Source's rate at least 0.8
of the API's, every message one Event (none lost, none twice), the group's offsets past
every message.

SQS: `--sqs` messages, 1% of them poison (half not JSON, half naming an unknown Consumer).
Targets: every poison message in the dead-letter queue with its reason, every other one
published once, and the queue empty with nothing redelivered after.

Figures print as one JSON object: rates, their ratio, the whole machine's CPU per message,
counts."""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaProducer
from sqlalchemy import text

from bench.batched import publish_all
from bench.stack import machine_busy_s
from bench.throwaway import defaults_stack
from tests.support.api import ok
from tests.support.brokers import kafka_broker, moto_server
from tests.support.kafka import Kafka
from tests.support.stack import Stack, Tenant

HEADERS = [("hookline-consumer", b"acme"), ("hookline-event-type", b"invoice.paid")]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.broker_sources", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--sqs", type=int, default=2_000)
    parser.add_argument("--kills", type=int, default=2, help="times the worker is killed")
    parser.add_argument("--concurrency", type=int, default=None,
                        help="the Source's; absent: the product's default")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="hookline-broker-sources-"))
    (folder / "kafka").mkdir()
    (folder / "moto").mkdir()
    with defaults_stack("broker-sources") as (stack, _server), \
            kafka_broker(folder / "kafka") as kafka, moto_server(folder / "moto") as moto:
        tenant = stack.tenant(rps=1_000_000)
        tenant.client.post("/v1/event-types", json={"name": "invoice.paid"})
        tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
        figures: dict[str, Any] = {"messages": args.messages}
        started = time.monotonic()
        publish_all(tenant, "acme", args.messages)
        api_s = time.monotonic() - started
        # From the first request to the last answer; a Source's rate is from its first
        # Event to its last (its start, a group join, is once per Source).
        figures["api"] = {"seconds": round(api_s, 1),
                          "per_s": round(args.messages / api_s, 1)}
        figures["kafka"] = kafka_run(stack, tenant, kafka, args.messages, args.kills,
                                     args.concurrency)
        figures["kafka"]["of_api_rate"] = round(figures["kafka"]["per_s"]
                                                / figures["api"]["per_s"], 3)
        figures["sqs"] = sqs_run(stack, tenant, moto, args.sqs)
    print(json.dumps(figures, indent=2))


def kafka_run(stack: Stack, tenant: Tenant, kafka: Kafka, messages: int, kills: int,
              concurrency: int | None) -> dict[str, Any]:
    topic = "orders"
    kafka.create_topic(topic, partitions=3)
    kafka.create_topic(f"{topic}-dead", partitions=1)
    asyncio.run(_produce(kafka, topic, messages))
    port = kafka.bootstrap.rsplit(":", 1)[1]
    busy = machine_busy_s()["busy"]
    started, started_at = time.monotonic(), time.time()
    source = ok(tenant.client.post("/v1/ingest/sources", json={
        "name": "orders", "url": f"kafka://127.0.0.1:{port}/{topic}",
        "deadLetter": f"kafka://127.0.0.1:{port}/{topic}-dead",
        "consumption": {"startFrom": "earliest", **(
            {"concurrency": concurrency} if concurrency else {})}}), 201)
    killed: list[int] = []
    while (found := keyed(stack, source["id"]))[0] < messages:
        assert time.monotonic() - started < 3600, f"{found} of {messages}"
        if len(killed) < kills and found[0] >= messages * (len(killed) + 1) // (kills + 1):
            stack.restart_worker(kill=True)  # SIGKILL mid-run, a new worker at once
            killed.append(found[0])
        time.sleep(0.5)
    seconds = time.monotonic() - started
    cpu = machine_busy_s()["busy"] - busy
    time.sleep(5)  # anything read again after the last kill shows by now
    events, distinct = keyed(stack, source["id"])
    first, last = made_between(stack, source["id"])
    return {"seconds": round(seconds, 1),
            "first_event_after_s": round(first - started_at, 1),
            "publishing_s": round(last - first, 1), "per_s": round(messages / (last - first), 1),
            "machine_cpu_ms_per_message": round(cpu * 1000 / messages, 2),
            "worker_killed_at": killed, "events": events, "distinct_keys": distinct,
            "lost": messages - distinct, "duplicated": events - distinct,
            "committed": kafka.committed(f"hookline-{source['id']}", topic),
            "dead_lettered": len(kafka.consume(f"{topic}-dead", 1, timeout=2))}


async def _produce(kafka: Kafka, topic: str, messages: int) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=kafka.bootstrap, acks="all", linger_ms=20)
    await producer.start()
    try:
        for start in range(0, messages, 1000):
            sent = [await producer.send(topic, json.dumps({"n": n}).encode(), headers=HEADERS)
                    for n in range(start, min(messages, start + 1000))]
            await asyncio.gather(*sent)
    finally:
        await producer.stop()


def made_between(stack: Stack, source_id: str) -> tuple[float, float]:
    """When a Source's first and last Events were made (unix seconds)."""
    with stack.engine.connect() as db:
        row = db.execute(text(
            "SELECT min(created_at), max(created_at) FROM events "
            "WHERE idempotency_key LIKE :prefix"), {"prefix": f"{source_id}:%"}).one()
    return row[0].timestamp(), row[1].timestamp()


def keyed(stack: Stack, source_id: str) -> tuple[int, int]:
    """The Events a Source's messages made (by their keys), and their distinct keys."""
    with stack.engine.connect() as db:
        row = db.execute(text(
            "SELECT count(*), count(DISTINCT idempotency_key) FROM events "
            "WHERE idempotency_key LIKE :prefix"), {"prefix": f"{source_id}:%"}).one()
    return int(row[0]), int(row[1])


def sqs_run(stack: Stack, tenant: Tenant, moto: Any, messages: int) -> dict[str, Any]:
    name = "sqs-orders"
    queue, dead = moto.sqs_queue(name), moto.sqs_queue(f"{name}-dead")
    sqs = moto.client("sqs")
    poison = {n for n in range(0, messages, 100)}  # 1%
    attributes = {"hookline-event-type": {"DataType": "String", "StringValue": "invoice.paid"}}
    for start in range(0, messages, 10):
        entries = []
        for n in range(start, min(messages, start + 10)):
            consumer = "nobody" if n in poison and n % 200 else "acme"
            body = "{not json" if n in poison and not n % 200 else json.dumps({"n": n})
            entries.append({"Id": str(n), "MessageBody": body, "MessageAttributes": {
                **attributes, "hookline-consumer": {"DataType": "String",
                                                    "StringValue": consumer}}})
        sqs.send_message_batch(QueueUrl=queue.url, Entries=entries)
    started = time.monotonic()
    source = ok(tenant.client.post("/v1/ingest/sources", json={
        "name": name, "url": f"sqs://{moto.region}/{name}",
        "deadLetter": f"sqs://{moto.region}/{name}-dead", "endpointOverride": moto.endpoint,
        "credentials": {"accessKeyId": moto.access_key_id,
                        "secretAccessKey": moto.secret_access_key}}), 201)
    good = messages - len(poison)
    letters: list[Any] = []
    while keyed(stack, source["id"])[0] < good or len(letters) < len(poison):
        assert time.monotonic() - started < 1800, (keyed(stack, source["id"]), len(letters))
        letters += moto.sqs_read(dead, len(poison), timeout=1)
    seconds = time.monotonic() - started
    time.sleep(15)  # a held or undeleted message would be handed out again by now
    left = sqs.get_queue_attributes(QueueUrl=queue.url, AttributeNames=[
        "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"])["Attributes"]
    letters += moto.sqs_read(dead, 1, timeout=1)
    reasons = [str(m.attributes.get("hookline-dead-letter-reason", "")) for m in letters]
    events, distinct = keyed(stack, source["id"])
    return {"messages": messages, "poison": len(poison), "seconds": round(seconds, 1),
            "per_s": round(messages / seconds, 1), "events": events,
            "distinct_keys": distinct, "dead_lettered": len(letters),
            "with_reason": sum(1 for r in reasons if r),
            "not_json": sum(1 for r in reasons if "not JSON" in r),
            "unknown_consumer": sum(1 for r in reasons if "nobody" in r),
            "left_in_queue": {k: int(v) for k, v in left.items()}}


if __name__ == "__main__":
    main()
