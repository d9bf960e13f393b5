"""Data as it looks after weeks of traffic, written straight to the tables: an Event (or a
Message) with its Deliveries and their attempts, created and last changed at given times.
Retention is about age, and a test cannot wait 30 days; the tests and the retention bench
seed with this and then run the code the worker runs."""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert

from hookline.ids import _encode
from hookline.persistence.models import (
    Attempt,
    Delivery,
    Environment,
    Event,
    Message,
    Organization,
    Source,
    table_of,
)
from hookline.timeutil import utcnow

TABLES = (Organization, Environment, Source, Event, Message, Delivery, Attempt)


def aged_id(prefix: str, at: datetime) -> str:
    """An id as `new_id` makes it at that time."""
    random = int.from_bytes(os.urandom(10), "big")
    return f"{prefix}_{_encode(int(at.timestamp() * 1000), 10)}{_encode(random, 16)}"


@dataclass
class Rows:
    """Rows to insert, by model, in an order the foreign keys accept."""

    by_model: dict[Any, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))

    def insert(self, db: Connection) -> None:
        for model in TABLES:
            if self.by_model.get(model):
                db.execute(insert(table_of(model)), self.by_model[model])
        self.by_model.clear()

    def count(self) -> int:
        return sum(len(rows) for rows in self.by_model.values())

    def environment(self, at: datetime | None = None) -> tuple[str, str]:
        """A new organization, environment and webhook Source: (environment id, source id)."""
        at = at or utcnow()
        org, env, source = aged_id("org", at), aged_id("env", at), aged_id("src", at)
        self.by_model[Organization].append({"id": org, "name": org, "created_at": at})
        self.by_model[Environment].append({
            "id": env, "org_id": org, "name": "aged", "kind": "development",
            "operational_of": None, "retention_days": None, "created_at": at})
        self.by_model[Source].append({
            "id": source, "environment_id": env, "name": "aged", "type": "webhook",
            "status": "enabled", "token": aged_id("tok", at), "provider": "generic",
            "created_at": at})
        return env, source

    def unit(self, env_id: str, at: datetime, statuses: list[str], *,
             source_id: str | None = None, changed: datetime | None = None) -> str:
        """An Event (a Message when `source_id` is given) created at `at`, with one Delivery
        per status, each last changed at `changed` (default `at`) after one attempt."""
        changed = changed or at
        if source_id is None:
            owner = aged_id("evt", at)
            self.by_model[Event].append({
                "id": owner, "environment_id": env_id, "type": "invoice.paid",
                "consumer_id": "csm_aged", "consumer_external_id": "aged",
                "payload": '{"n": 1}', "deliveries": len(statuses), "created_at": at})
        else:
            owner = aged_id("msg", at)
            self.by_model[Message].append({
                "id": owner, "environment_id": env_id, "source_id": source_id,
                "method": "POST", "body": b"{}", "body_bytes": 2, "headers": {},
                "query": "", "verification": "skipped", "fanout": len(statuses),
                "created_at": at})
        for n, status in enumerate(statuses):
            delivery, target = aged_id("dlv", at), f"ep_aged{n}"
            done = status == "delivered"
            self.by_model[Delivery].append({
                "id": delivery, "environment_id": env_id,
                "event_id": None if source_id else owner,
                "message_id": owner if source_id else None,
                "endpoint_id": None if source_id else target,
                "destination_id": target if source_id else None,
                "status": status, "attempts": 1, "last_attempt_at": at,
                "last_status_code": 200 if done else 503,
                "last_status_class": 2 if done else 5, "created_at": at,
                "updated_at": changed})
            self.by_model[Attempt].append({
                "id": aged_id("att", at), "delivery_id": delivery, "target_id": target,
                "attempt": 1, "status": "succeeded" if done else "failed",
                "status_code": 200 if done else 503, "duration_ms": 12, "created_at": at})
        return owner
