"""Issue 53's figures (group R of `make bench`): deliveries/s to a Kafka topic, a RabbitMQ
exchange and each AWS kind (on moto's server), against the same run's rate to an HTTP
receiver on loopback, each on one endpoint of a Consumer of its own, with the CPU per
delivery of each process.

A broker's Delivery counts once the broker confirmed it (acks=all; a publisher confirm), so
every kind is timed the same way: from the first publish to the last Delivery stored
`delivered`, read from the database (the HTTP receiver's own arrivals are not used, so
that no kind is timed by another clock). The brokers are the tests' (tests/support/brokers:
Kafka 4.1 KRaft from Maven's jars, Debian's RabbitMQ, moto), started on loopback for the
group, and warmed before anything is timed (`Brokers.warm`): a broker a service publishes
to has run for long, and a JVM fresh from its start spends its first thousands of produce
requests compiling them (measured: 2.6 s of the broker's CPU for its first 2,000 records,
about 1 s for each 2,000 after)."""

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
# Records each broker takes before the group is timed, and by how many publishers at once.
WARM_RECORDS = 10_000
WARM_CONCURRENCY = 16


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

    def warm(self, kinds: list[str]) -> dict[str, float]:
        """WARM_RECORDS to each of `kinds`' brokers through Hookline's own publishers (the
        same client, requests and confirms as the worker's), from this process: the seconds
        each took."""
        return asyncio.run(self._warm([k for k in kinds if k in ("kafka", "amqp")]))

    async def _warm(self, kinds: list[str]) -> dict[str, float]:
        import ipaddress

        from hookline.delivery.sender import Sender
        from hookline.signing import new_secret

        sender = Sender(timeout=30.0, allowed_ports=frozenset(), any_port=True,
                        allowed_networks=[ipaddress.ip_network("127.0.0.0/8")])
        took: dict[str, float] = {}
        try:
            for kind in kinds:
                url = self.target(kind, f"warm{kind}")["url"]
                secret = new_secret()
                started = time.monotonic()
                await asyncio.gather(*(_warming(sender, url, secret, f"warm{kind}", first)
                                       for first in range(WARM_CONCURRENCY)))
                took[kind] = round(time.monotonic() - started, 2)
        finally:
            await sender.aclose()
        return took

    def close(self) -> None:
        self._exits.close()


async def _warming(sender: Any, url: str, secret: str, target_id: str, first: int) -> None:
    """One warming publisher: every WARM_CONCURRENCY-th record from `first`, each confirmed."""
    from hookline.delivery.model import Outgoing

    for n in range(first, WARM_RECORDS, WARM_CONCURRENCY):
        result = await sender.send(Outgoing(
            url=url, msg_id=f"warm_{n}", body=b'{"n": %d}' % n, content_type="application/json",
            custom_headers={}, secrets=[secret], require_https=False, target_id=target_id,
            key="warm"))
        assert result.succeeded, result


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
    # What the target had delivered before (its warm-up's).
    earlier = (await asyncio.to_thread(scenarios.statuses, stack, "endpoint_id",
                                       target.endpoint_ids)).get("delivered", 0)
    first = time.monotonic()
    _, span = await scenarios._post_all(poster, "/v1/events", lambda i: {
        "type": EVENT_TYPE, "consumer": target.consumer, "data": payload(i)}, 201, sent,
        n, concurrency, deadline, out["publish"])
    out["publish"].update({"published": len(sent), "events_per_s": rate(len(sent), span)})
    done: dict[str, int] = {}
    while time.monotonic() < deadline:
        done = await asyncio.to_thread(scenarios.statuses, stack, "endpoint_id",
                                       target.endpoint_ids)
        if done.get("delivered", 0) - earlier >= len(sent):
            break
        await asyncio.sleep(POLL)
    span = time.monotonic() - first
    delivered = done.get("delivered", 0) - earlier
    out["e2e"].update({"arrived": delivered, "complete": delivered >= n,
                       "span_s": round(span, 2), "per_s": rate(delivered, span),
                       "db_statuses": done})
    out["attempts"] = await asyncio.to_thread(scenarios.attempted, stack, target)
    out["gate"] = await asyncio.to_thread(scenarios.gated, stack, target)


def mirrored(kinds: list[str], rounds: int) -> list[tuple[str, str]]:
    """Group R's timed steps, (name, kind): the kinds in order, then (a second round) in
    the reverse order, `deliver_<kind>` and `deliver_<kind>_2`. A group's later steps run
    on a larger database and Temporal history, beside whatever else the machine does
    meanwhile; mirrored, a drift over the group weighs on each kind's mean alike."""
    steps = [(f"deliver_{kind}", kind) for kind in kinds]
    if rounds == 2:
        steps += [(f"deliver_{kind}_2", kind) for kind in reversed(kinds)]
    return steps


def ratios(results: dict[str, Any]) -> dict[str, Any]:
    """Each kind's mean rate over HTTP's, measured in this run (issue 53's target, for Kafka
    and RabbitMQ: >= 0.9; the AWS kinds' are against moto's server, an emulator)."""
    def per_s(kind: str) -> float | None:
        rates = [float(found) for name in (f"deliver_{kind}", f"deliver_{kind}_2")
                 if (found := results.get(name, {}).get("e2e", {}).get("per_s"))]
        return sum(rates) / len(rates) if rates else None

    http = per_s("http")
    return {kind: (round(found / http, 2) if found and http else None)
            for kind in KINDS[1:] if (found := per_s(kind)) is not None}
