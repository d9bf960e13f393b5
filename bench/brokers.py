"""Issue 53's figures (group R of `make bench`): deliveries/s to a Kafka topic, a RabbitMQ
exchange and each AWS kind (on moto's server), against the same run's rate to an HTTP
receiver on loopback, each on one endpoint of a Consumer of its own, with the CPU per
delivery of each process.

A broker's Delivery counts once the broker confirmed it (acks=all; a publisher confirm), so
every kind is timed the same way: from the first publish to the last Delivery stored
`delivered`, read from the database (the HTTP receiver's own arrivals are not used, so
that no kind is timed by another clock). The brokers are the tests' (tests/support/brokers:
Kafka 4.1 KRaft from Maven's jars, Debian's RabbitMQ, moto), started on loopback for the
group."""

from __future__ import annotations

import asyncio
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from bench import scenarios
from bench.loadgen import Poster
from bench.receiver import Receiver
from bench.scenarios import EVENT_TYPE, Out, Target, payload
from bench.stack import Stack
from bench.stats import rate

POLL = 0.2


# The kinds group R delivers to, HTTP first: the others' rates are read against it.
KINDS = ("http", "kafka", "amqp", "sqs", "sns", "eventbridge", "kinesis", "s3")


class Brokers:
    """Kafka, RabbitMQ and moto's server for one group, closed with it."""

    def __init__(self, folder: Path) -> None:
        from tests.support.brokers import kafka_broker, moto_server, rabbitmq_broker

        self._exits = ExitStack()
        for name in ("kafka", "rabbitmq", "moto"):
            (folder / name).mkdir(exist_ok=True)
        self.kafka = self._exits.enter_context(kafka_broker(folder / "kafka"))
        self.rabbitmq = self._exits.enter_context(rabbitmq_broker(folder / "rabbitmq"))
        self.moto = self._exits.enter_context(moto_server(folder / "moto"))

    def target(self, kind: str, tag: str) -> dict[str, Any]:
        """An endpoint's `url` (and an AWS kind's credentials and endpoint override) on a
        fresh topic, exchange and queue, AWS queue, topic, bus, stream or bucket."""
        if kind == "kafka":
            self.kafka.create_topic(tag, partitions=3)
            return {"url": f"kafka://{self.kafka.bootstrap}/{tag}"}
        if kind == "amqp":
            self.rabbitmq.declare(tag, tag, routing_key="#")
            port = self.rabbitmq.url.rsplit(":", 1)[1]
            return {"url": f"amqp://127.0.0.1:{port}/?exchange={tag}&routingKey={tag}"}
        moto, region = self.moto, self.moto.region
        if kind == "sqs":
            moto.sqs_queue(tag)
        elif kind == "sns":
            moto.sns_topic(tag)
        elif kind == "eventbridge":
            moto.eventbridge_bus(tag)
        elif kind == "kinesis":
            moto.kinesis_stream(tag, shards=2)
        else:
            moto.s3_bucket(tag)
        url = f"s3://{tag}/in?region={region}" if kind == "s3" else f"{kind}://{region}/{tag}"
        return {"url": url, "endpointOverride": moto.endpoint, "credentials": {
            "accessKeyId": moto.access_key_id, "secretAccessKey": moto.secret_access_key}}

    def close(self) -> None:
        self._exits.close()


async def target(api: httpx.AsyncClient, receiver: Receiver, brokers: Brokers, kind: str,
                 tag: str) -> Target:
    """A Consumer with one endpoint of `kind`: `http` (the loopback receiver), `kafka`
    or `amqp`."""
    if kind == "http":
        return await scenarios.create_target(api, receiver, f"bench-{tag}", tag, 1)
    await api.post("/v1/event-types", json={"name": EVENT_TYPE})
    consumer = f"bench-{tag}"
    await api.post("/v1/consumers", json={"externalId": consumer, "name": consumer})
    record = (await api.post("/v1/endpoints", json={
        "consumer": consumer, "events": [EVENT_TYPE], **brokers.target(kind, tag)})).json()
    found = Target(consumer, tag)
    found.endpoint_ids.append(record["id"])
    found.secrets.append(record["secret"])
    return found


async def confirmed(api: httpx.AsyncClient, stack: Stack, target: Target, out: Out, *,
                    n: int, concurrency: int, timeout: float) -> None:
    """n events to the target's Consumer by `concurrency` publishers, then the time until
    every Delivery is stored `delivered` (`e2e.per_s`; `e2e.arrived` is what the CPU per
    delivery divides by)."""
    deadline = time.monotonic() + timeout
    sent: dict[str, float] = {}
    out.update({"events": n, "endpoints": 1, "concurrency": concurrency, "publish": {},
                "e2e": {}})
    poster = Poster(str(api.base_url), {"Authorization": api.headers["authorization"]})
    first = time.monotonic()
    _, span = await scenarios._post_all(poster, "/v1/events", lambda i: {
        "type": EVENT_TYPE, "consumer": target.consumer, "data": payload(i)}, 201, sent,
        n, concurrency, deadline, out["publish"])
    out["publish"].update({"published": len(sent), "events_per_s": rate(len(sent), span)})
    done: dict[str, int] = {}
    while time.monotonic() < deadline:
        done = await asyncio.to_thread(scenarios.statuses, stack, "endpoint_id",
                                       target.endpoint_ids)
        if done.get("delivered", 0) >= len(sent):
            break
        await asyncio.sleep(POLL)
    span = time.monotonic() - first
    delivered = done.get("delivered", 0)
    out["e2e"].update({"arrived": delivered, "complete": delivered >= n,
                       "span_s": round(span, 2), "per_s": rate(delivered, span),
                       "db_statuses": done})


def ratios(results: dict[str, Any]) -> dict[str, Any]:
    """Each kind's rate over HTTP's, measured in this run (issue 53's target, for Kafka and
    RabbitMQ: >= 0.9; the AWS kinds' are against moto's server, an emulator)."""
    def per_s(name: str) -> float | None:
        found = results.get(name, {}).get("e2e", {}).get("per_s")
        return float(found) if found else None

    http = per_s("deliver_http")
    return {kind: (round(found / http, 2) if found and http else None)
            for kind in KINDS[1:] if (found := per_s(f"deliver_{kind}")) is not None}
