"""The AWS services' models, as botocore loads them for the AWS kinds' clients, cut to what
the publishers call. botocore parses a service's whole model (S3's: 722 shapes for 116
operations) and the endpoints of every AWS service, and keeps them for the process's life;
a client for each of the five services and STS cost 20.7 MB that way and 11.0 MB cut
(bench/RESULTS.md). A call to an operation left out fails at once (the client has no such
method), so each kind's end-to-end test is what keeps this list true."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aiobotocore.session import AioSession
from botocore.loaders import JSONFileLoader, Loader

# What `brokers.aws` and an SQS Source's reader (`hookline.intake.sqs`) call, and what
# botocore calls on its own behalf: S3 asks HeadBucket for a bucket's region after a
# redirect, and CreateSession to sign in to a directory bucket.
OPERATIONS = {
    "sqs": frozenset({"GetQueueUrl", "SendMessage", "ReceiveMessage", "DeleteMessageBatch",
                      "ChangeMessageVisibilityBatch", "GetQueueAttributes"}),
    "sns": frozenset({"Publish"}),
    "events": frozenset({"PutEvents"}),
    "kinesis": frozenset({"PutRecord"}),
    "s3": frozenset({"PutObject", "HeadBucket", "CreateSession"}),
    "sts": frozenset({"GetCallerIdentity", "AssumeRole"}),
}


def _used_only(model: dict[str, Any], operations: frozenset[str]) -> dict[str, Any]:
    """`model` with `operations` and the shapes they reach (input, output, errors)."""
    kept = {name: op for name, op in model["operations"].items() if name in operations}
    shapes: dict[str, Any] = model["shapes"]
    reached: set[str] = set()
    todo = [ref["shape"] for op in kept.values()
            for ref in (op.get("input"), op.get("output"), *op.get("errors", ())) if ref]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        shape = shapes[name]
        todo += [shape[part]["shape"] for part in ("member", "key", "value") if part in shape]
        todo += [member["shape"] for member in shape.get("members", {}).values()]
    return {**model, "operations": kept,
            "shapes": {name: shape for name, shape in shapes.items() if name in reached}}


class _UsedFiles(JSONFileLoader):  # type: ignore[misc]
    """Reads botocore's data files, keeping of the service models and the endpoints only what
    the services in OPERATIONS need, before the loader caches them."""

    def load_file(self, file_path: str) -> Any:
        data = super().load_file(file_path)
        path = Path(file_path)
        if data is None:
            return data
        if path.name == "endpoints":
            return {**data, "partitions": [
                {**partition, "services": {name: service for name, service
                                           in partition["services"].items()
                                           if name in OPERATIONS}}
                for partition in data["partitions"]]}
        service = path.parent.parent.name
        if path.name == "service-2" and service in OPERATIONS:
            return _used_only(data, OPERATIONS[service])
        return data


class Models:
    """The models, loaded once per worker and shared by its publishers: a fresh botocore
    session reads 50 to 150 ms of JSON per service. They load in a thread
    (`warm_up_loader_caches`), never on the event loop."""

    def __init__(self) -> None:
        self.loader = Loader(file_loader=_UsedFiles())

    def session(self) -> AioSession:
        session = AioSession()
        session.register_component("data_loader", self.loader)
        return session
