"""Issue 53, end to end, the AWS kinds: one Consumer with an SQS FIFO queue, an SNS topic,
an EventBridge bus, a Kinesis stream and an S3 bucket as endpoints, on the running service,
on both databases, against moto's server (the one emulated part: AWS cannot be reached
here) named by each endpoint's `endpointOverride`. 20 events reach all five, with their
bodies and headers as sent and the signature verified by Standard Webhooks' verifier;
wrong keys end a Delivery `exhausted` as `broker_auth`, a queue that does not exist as
`broker_refused`. (Moto stopped mid-load: test_broker_outage.py.)"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.support.api import attempts, deliveries_of, publish, wait_delivery
from tests.support.brokers import Moto
from tests.support.stack import Tenant
from tests.test_broker_delivery import endpoint, verified

# A broker target's credentials and endpoint override reach the attempt through the one
# query every attempt reads, on each database.
pytestmark = pytest.mark.both_databases

EVENTS = 20


def keys(moto: Moto, **changed: str) -> dict[str, str]:
    return {"accessKeyId": moto.access_key_id, "secretAccessKey": moto.secret_access_key,
            **changed}


def aws_endpoint(tenant: Tenant, moto: Moto, url: str, consumer: str = "acme",
                 **credentials: str) -> dict[str, Any]:
    return endpoint(tenant, url, consumer, endpointOverride=moto.endpoint,
                    credentials=keys(moto, **credentials))


def test_every_aws_kind_gets_every_event_signed(tenant: Tenant, moto: Moto) -> None:
    name, region = f"hooks{int(time.time() * 1000)}", moto.region
    queue = moto.sqs_queue(name + ".fifo", fifo=True)
    topic, bus = moto.sns_topic(name), moto.eventbridge_bus(name)
    moto.kinesis_stream(name, shards=2)
    moto.s3_bucket(name)
    made = {kind: aws_endpoint(tenant, moto, url) for kind, url in (
        ("sqs", f"sqs://{region}/{queue.name}"), ("sns", f"sns://{region}/{topic.name}"),
        ("eventbridge", f"eventbridge://{region}/{bus.name}"),
        ("kinesis", f"kinesis://{region}/{name}"),
        ("s3", f"s3://{name}/incoming?region={region}"))}
    kind_of = {endpoint["id"]: kind for kind, endpoint in made.items()}
    events = [publish(tenant, {"n": n})["id"] for n in range(EVENTS)]
    sent: dict[tuple[str, str], str] = {}  # (kind, event): its Delivery
    for event in events:
        for delivery in deliveries_of(tenant, event):
            assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "delivered"
            sent[kind_of[delivery["endpointId"]], event] = delivery["id"]
    arrived: dict[str, list[tuple[bytes, dict[str, Any]]]] = {
        "sqs": [(m.body.encode(), m.attributes) for m in moto.sqs_read(queue, EVENTS, settle=1)],
        "sns": [(m.body.encode(), m.attributes)
                for m in moto.sqs_read(topic.queue, EVENTS, settle=1)],
        "eventbridge": [_opened(json.loads(m.body)["detail"])
                        for m in moto.sqs_read(bus.queue, EVENTS, settle=1)],
        "kinesis": [_opened(json.loads(r.data)) for r in moto.kinesis_read(name, EVENTS)],
        "s3": [(o.body, {**o.metadata, "content-type": o.content_type})
               for o in moto.s3_objects(name, "incoming/")]}
    for kind, found in arrived.items():
        ids = [str(headers["webhook-id"]) for _, headers in found]
        assert sorted(set(ids)) == sorted(events), kind
        # At least once: a publish whose answer did not come in time (a timeout) is sent
        # again, and may then arrive twice. Nothing else may.
        for twice in {i for i in ids if ids.count(i) > 1}:
            tried = attempts(tenant, sent[kind, twice])
            assert any(a["errorType"] == "timeout" for a in tried), (kind, twice, tried)
        for body, headers in found:
            assert json.loads(body)["type"] == "invoice.paid", kind
            verified(made[kind]["secret"], body, headers)


def test_an_sqs_fifo_batch_is_one_message_per_event_in_order(tenant: Tenant,
                                                              moto: Moto) -> None:
    """Issue 67: a batched SQS FIFO endpoint gets its batch as one message per event, in the
    order accepted (one message group: the queue keeps it), each signed as its own."""
    queue = moto.sqs_queue(f"batched{int(time.time() * 1000)}.fifo", fifo=True)
    made = endpoint(tenant, f"sqs://{moto.region}/{queue.name}", "fifo",
                    endpointOverride=moto.endpoint, credentials=keys(moto),
                    batch={"maxSize": 5, "maxWaitMs": 60_000})
    events = [publish(tenant, {"n": n}, consumer="fifo")["id"] for n in range(10)]
    for event in events:
        [delivery] = deliveries_of(tenant, event)
        assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "delivered"
    found = moto.sqs_read(queue, 10, settle=1)
    assert [json.loads(m.body)["data"]["n"] for m in found] == list(range(10))
    assert [m.attributes["webhook-id"] for m in found] == events
    for message in found:
        verified(made["secret"], message.body.encode(), message.attributes)


def _opened(envelope: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    """EventBridge's detail and a Kinesis record: `{headers, body}`."""
    return envelope["body"].encode(), envelope["headers"]


def test_wrong_keys_are_broker_auth_and_a_missing_queue_broker_refused(
        tenant: Tenant, moto: Moto) -> None:
    region, missing = moto.region, f"missing{int(time.time() * 1000)}"
    aws_endpoint(tenant, moto, f"sqs://{region}/{missing}", consumer="nowhere")
    queue = moto.sqs_queue(f"hooks{int(time.time() * 1000)}")
    aws_endpoint(tenant, moto, f"sqs://{region}/{queue.name}", consumer="forged",
                 secretAccessKey="not-the-secret")
    for consumer, error_type in (("nowhere", "broker_refused"), ("forged", "broker_auth")):
        [delivery] = deliveries_of(tenant, publish(tenant, consumer=consumer)["id"])
        assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "exhausted"
        tried = attempts(tenant, delivery["id"])
        assert {a["errorType"] for a in tried} == {error_type}, tried
        assert "not-the-secret" not in json.dumps(tried)
    assert moto.sqs_read(queue, 1, timeout=1) == []




class _NotAws(BaseHTTPRequestHandler):
    """Answers every request 200 with a body that is not AWS's."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.send_header("content-length", "15")
        self.end_headers()
        self.wfile.write(b"<html>hi</html>")

    do_PUT = do_POST

    def log_message(self, *_args: Any) -> None:
        return None


def test_an_answer_that_is_not_awss_ends_the_delivery_as_attempts_do(
        tenant: Tenant, moto: Moto) -> None:
    """Issue 65: an endpoint answering 200 with a body that is not AWS's is the receiver's
    failure: an attempt (`broker_refused`) on the schedule, so the Delivery ends
    `exhausted`, never `processing` with no attempts; its test says so (no 500)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _NotAws)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        made = endpoint(tenant, f"sqs://{moto.region}/fake", "fake",
                        endpointOverride=f"http://127.0.0.1:{server.server_port}",
                        credentials=keys(moto))
        [delivery] = deliveries_of(tenant, publish(tenant, consumer="fake")["id"])
        assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "exhausted"
        tried = attempts(tenant, delivery["id"])
        assert tried and {a["errorType"] for a in tried} == {"broker_refused"}, tried
        assert "not AWS's" in tried[0]["errorMessage"], tried
        tested = tenant.client.post(f"/v1/endpoints/{made['id']}/test")
        assert tested.status_code == 200, tested.text
        assert (tested.json()["success"], tested.json()["errorType"]) == \
            (False, "broker_refused")
    finally:
        server.shutdown()
        server.server_close()
