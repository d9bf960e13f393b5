"""The test tiers, read off what each test needs (its fixtures, with theirs): the heaviest
thing a test needs names its tier, and `make test-<tier>` runs one (`pytest -m <tier>`).

- unit: nothing but Python and the dev extra; no Temporal, no Go, no Node, no apt packages.
- tooling: a tool `make` builds or installs (cel-go's library, the Node executors, Helm,
  the compose client, the clients' generators, the Temporal CLI's binary).
- db: a real database (SQLite file and PostgreSQL server), no service.
- workflow: Temporal's time-skipping test server, with the activities replaced; and the
  Replayer, on the stored histories.
- api: the API in-process over ASGI, on both databases; no worker, no Temporal.
- e2e: the service as users run it: API and worker processes and a Temporal server; and
  the brokers a destination delivers to (Kafka, RabbitMQ, moto), which only it needs.

End-to-end tests run on SQLite, the product's default, unless their module is marked
`both_databases`: what depends on the database (rows, locks, migrations, the outbox, the
gate) runs on PostgreSQL too. `make test-cluster` runs the end-to-end subset on PostgreSQL."""

from __future__ import annotations

import pytest

# Fastest first: the order `make test` and CI run them in.
TIERS = ("unit", "tooling", "db", "workflow", "api", "e2e")

NEEDS = {
    "e2e": {"temporal_server", "tool_temporal", "kafka", "rabbitmq", "moto"},
    "api": {"in_process"},
    "workflow": {"time_skipping", "replayer"},
    "db": {"database_url", "postgres_server"},
    "tooling": {"tool_cel", "tool_v8", "tool_helm", "tool_compose", "tool_codegen"},
}

BOTH = "both_databases"


def tier_of(fixtures: set[str]) -> str:
    for tier in reversed(TIERS):
        if NEEDS.get(tier, set()) & fixtures:
            return tier
    return "unit"


def configure(config: pytest.Config) -> None:
    for tier in TIERS:
        config.addinivalue_line("markers", f"{tier}: the {tier} tier (tests/support/tiers.py)")
    config.addinivalue_line("markers", f"{BOTH}: its end-to-end tests run on PostgreSQL too")


def one_database(metafunc: pytest.Metafunc, databases: list[str]) -> None:
    """An end-to-end test runs on SQLite alone unless its module depends on the database:
    a parametrize mark of its own takes precedence over the fixture's two databases."""
    fixtures = set(metafunc.fixturenames)
    if "database_url" not in fixtures or tier_of(fixtures) != "e2e" or len(databases) < 2:
        return
    if any("database_url" in str(mark.args[0]) for mark in
           metafunc.definition.iter_markers("parametrize")):
        return  # the test chose its database itself
    if metafunc.definition.get_closest_marker(BOTH) is None:
        metafunc.definition.add_marker(
            pytest.mark.parametrize("database_url", databases[:1], indirect=True,
                                    scope="session"))


def _tier(item: pytest.Item) -> str:
    return tier_of(set(getattr(item, "fixturenames", ())))


def mark(items: list[pytest.Item]) -> None:
    """Each test's tier as its mark, before `-m` selects by them."""
    for item in items:
        item.add_marker(_tier(item))


def fastest_first(items: list[pytest.Item]) -> None:
    """A stable sort: within a tier, the order pytest chose (which groups the tests of each
    database) stays."""
    items.sort(key=lambda item: TIERS.index(_tier(item)))
