"""The migrations make exactly the schema the models describe, on SQLite and PostgreSQL:
a model changed without its migration (or the reverse) fails here, not in production."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import hookline.persistence.models  # noqa: F401  (registers every table on SQLModel.metadata)
from tests.support.stack import Stack

# Each database has its own schema and migration path.
pytestmark = pytest.mark.both_databases


def test_migrated_schema_matches_the_models(stack: Stack) -> None:
    with stack.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection),
                                       SQLModel.metadata)
    assert differences == []


def test_one_target_status_carries_every_endpoint_and_destination(stack: Stack,
                                                                  tmp_path: Any) -> None:
    """0017 gives destinations the endpoints' status words: every kind of row keeps what it
    meant, read through the one target model, and the downgrade gives the old words back."""
    from alembic import command
    from sqlalchemy import text
    from sqlmodel import Session

    from api.schemas.targets import shown_status
    from hookline.delivery.targets import is_enabled
    from hookline.persistence.db import make_engine
    from hookline.persistence.migrations import config
    from hookline.persistence.models import Destination, Endpoint
    from tests.support.stack import own_database

    url = own_database(stack.db_url, tmp_path)
    command.upgrade(config(url), "0016")
    engine = make_engine(url)
    at = "2026-01-01 00:00:00+00:00"
    endpoints = {"ep_on": "Enabled", "ep_auto": "DisabledAutomatically",
                 "ep_hand": "DisabledManually"}
    destinations = {"dst_on": ("enabled", False), "dst_auto": ("disabled", True),
                    "dst_hand": ("disabled", False)}
    with engine.begin() as db:
        for sql in (
            "INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'o', :at)",
            "INSERT INTO environments (id, org_id, name, kind, created_at) "
            "VALUES ('env_1', 'org_1', 'e', 'development', :at)",
            "INSERT INTO consumers (id, environment_id, external_id, name, created_at) "
            "VALUES ('con_1', 'env_1', 'acme', 'Acme', :at)",
            "INSERT INTO sources (id, environment_id, name, type, status, token, provider, "
            "created_at) VALUES ('src_1', 'env_1', 's', 'webhook', 'enabled', 'tok', "
            "'generic', :at)",
        ):
            db.execute(text(sql), {"at": at})
        for target_id, status in endpoints.items():
            db.execute(text(
                "INSERT INTO endpoints (id, environment_id, consumer_id, url, status, events, "
                "custom_headers, secret, failure_count, created_at, updated_at) VALUES "
                "(:id, 'env_1', 'con_1', 'https://example.com/', :status, '[]', '{}', "
                "'whsec_x', 3, :at, :at)"), {"id": target_id, "status": status, "at": at})
        for target_id, (status, automatically) in destinations.items():
            db.execute(text(
                "INSERT INTO destinations (id, environment_id, source_id, url, status, "
                "disabled_automatically, custom_headers, secret, failure_count, created_at, "
                "updated_at) VALUES (:id, 'env_1', 'src_1', 'https://example.com/', :status, "
                ":automatically, '{}', 'whsec_x', 3, :at, :at)"),
                {"id": target_id, "status": status, "automatically": automatically, "at": at})
    command.upgrade(config(url), "head")
    with Session(engine) as session:
        for target_id, status in endpoints.items():
            endpoint = session.get(Endpoint, target_id)
            assert endpoint is not None and endpoint.status == status
            assert shown_status(endpoint) == status and endpoint.failure_count == 3
        read = {target_id: session.get(Destination, target_id) for target_id in destinations}
        assert {target_id: (row.status, shown_status(row), is_enabled(row),
                            row.disabled_automatically)
                for target_id, row in read.items() if row is not None} == {
            "dst_on": ("Enabled", "enabled", True, False),
            "dst_auto": ("DisabledAutomatically", "disabled", False, True),
            "dst_hand": ("DisabledManually", "disabled", False, False)}
    command.downgrade(config(url), "0016")
    with engine.connect() as db:
        rows = db.execute(text("SELECT id, status, disabled_automatically FROM destinations"))
        assert {row.id: (row.status, bool(row.disabled_automatically)) for row in rows} \
            == destinations
    engine.dispose()


def test_a_downgrade_below_0021_refuses_while_bare_payloads_remain(stack: Stack,
                                                                  tmp_path: Any) -> None:
    """The older code would read a bare payload (a Svix message's) as an envelope: the
    downgrade says so and changes nothing, until no such event remains."""
    from alembic import command
    from sqlalchemy import text
    from sqlmodel import Session

    from hookline.persistence.migrations import config
    from hookline.persistence.models import Event

    url, engine = _at_head(stack, tmp_path)
    with Session(engine) as session:
        session.add(Event(id="evt_1", environment_id="env_1", type="t", consumer_id="c",
                          consumer_external_id="c", payload='{"a": 1}', enveloped=False))
        session.commit()
    with pytest.raises(RuntimeError, match="1 events hold a bare payload"):
        command.downgrade(config(url), "0020")
    with engine.begin() as db:
        assert db.execute(text("SELECT enveloped FROM events")).scalar_one() in (False, 0)
        db.execute(text("DELETE FROM events"))
    command.downgrade(config(url), "0020")
    engine.dispose()


def test_a_downgrade_below_0025_refuses_while_broker_targets_remain(stack: Stack,
                                                                   tmp_path: Any) -> None:
    """The older code would take a broker URL for an HTTP one and lose its credentials:
    the downgrade says so and changes nothing, until no broker target remains."""
    from alembic import command
    from sqlalchemy import text
    from sqlmodel import Session

    from hookline.persistence.migrations import config
    from hookline.persistence.models import Consumer, Endpoint

    url, engine = _at_head(stack, tmp_path, target_kinds=["http", "kafka"])
    with Session(engine) as session:
        session.add(Consumer(id="con_1", environment_id="env_1", external_id="acme",
                             name="acme"))
        session.commit()
        session.add(Endpoint(id="ep_1", environment_id="env_1", consumer_id="con_1",
                             url="kafka://broker.example:9092/orders", secret="whsec_x",
                             credentials={"username": "u", "password": "p"}))
        session.commit()
    with pytest.raises(RuntimeError, match="1 endpoints or destinations deliver to a broker"):
        command.downgrade(config(url), "0024")
    with engine.begin() as db:
        assert db.execute(text("SELECT url FROM endpoints")).scalar_one().startswith("kafka")
        db.execute(text("DELETE FROM endpoints"))
    command.downgrade(config(url), "0024")
    engine.dispose()


def test_a_downgrade_below_0033_refuses_while_broker_sources_remain(stack: Stack,
                                                                   tmp_path: Any) -> None:
    """The older code would take a broker Source for a webhook one and read nothing: the
    downgrade says so and changes nothing, until no broker Source remains."""
    from alembic import command
    from sqlalchemy import text
    from sqlmodel import Session

    from hookline.persistence.migrations import config
    from hookline.persistence.models import Source

    url, engine = _at_head(stack, tmp_path)
    with Session(engine) as session:
        session.add(Source(id="src_1", environment_id="env_1", name="orders", type="kafka",
                           token="t1", url="kafka://broker.example:9092/orders",
                           dead_letter="kafka://broker.example:9092/dead",
                           credentials={"username": "u", "password": "p"}))
        session.add(Source(id="src_2", environment_id="env_1", name="shop", token="t2"))
        session.commit()
    with pytest.raises(RuntimeError, match="1 sources read a broker"):
        command.downgrade(config(url), "0032")
    with engine.begin() as db:
        assert db.execute(text("SELECT url FROM sources WHERE id = 'src_1'")).scalar_one() \
            .startswith("kafka")
        db.execute(text("DELETE FROM sources WHERE id = 'src_1'"))
    command.downgrade(config(url), "0032")
    with engine.begin() as db:
        assert db.execute(text("SELECT name FROM sources")).scalars().all() == ["shop"]
    engine.dispose()


def _at_head(stack: Stack, tmp_path: Any, **environment: Any) -> tuple[str, Any]:
    """A database of its own migrated to the head, with organization `org_1` and its
    environment `env_1` (`environment`: more of its columns): its URL and an engine."""
    from alembic import command
    from sqlmodel import Session

    from hookline.persistence.db import make_engine
    from hookline.persistence.migrations import config
    from hookline.persistence.models import Environment, Organization
    from tests.support.stack import own_database

    url = own_database(stack.db_url, tmp_path)
    command.upgrade(config(url), "head")
    engine = make_engine(url)
    with Session(engine) as session:
        session.add(Organization(id="org_1", name="o"))
        session.commit()  # no relationships: the unit of work would not order them
        session.add(Environment(id="env_1", org_id="org_1", name="e", kind="development",
                                **environment))
        session.commit()
    return url, engine
