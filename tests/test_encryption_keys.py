"""Issue 65, part 1: the keys that seal credentials. A value sealed under one key opens with
any keyring that holds it and with no other; a wrong setting, a missing key and PostgreSQL
without keys are refused in one line that names HOOKLINE_ENCRYPTION_KEYS and never shows a
key; the migration seals what was stored in clear (and its downgrade opens it again); and
`hookline keys rotate` reseals everything under the first key, without undoing a write made
meanwhile. The database parts run on both databases."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from pydantic import ValidationError
from sqlmodel import Session

from hookline.encryption import keys
from hookline.encryption.keyring import Keyring, Unreadable, for_database, key_id_of
from hookline.persistence.db import make_engine
from hookline.persistence.migrations import config
from hookline.persistence.models import Destination, Endpoint, Environment, Source
from hookline.persistence.queries import sealed_values
from hookline.settings import InvalidSettings, Settings, describe
from hookline.usecases import sealing
from tests.support.procs import REPO
from tests.support.stack import own_database

K1, K2 = keys.new_key(), keys.new_key()
ID1, ID2 = (keys.LocalKey(base64.b64decode(k)).id for k in (K1, K2))
HOOKLINE = str(REPO / ".venv" / "bin" / "hookline")


def ring(*given: str) -> Keyring:
    return Keyring(keys.parse(",".join(given)))


def test_a_sealed_value_opens_with_any_keyring_that_holds_its_key_and_no_other() -> None:
    sealed = ring(K1, K2).seal("whsec_abc")
    assert "whsec_abc" not in sealed and key_id_of(sealed) == ID1
    assert ring(K2, K1).open(sealed) == "whsec_abc" == ring(K1).open(sealed)
    with pytest.raises(Unreadable) as missing:
        ring(K2).open(sealed)
    assert ID1 in str(missing.value) and "HOOKLINE_ENCRYPTION_KEYS" in str(missing.value)
    altered = sealed[:-3] + ("A" if sealed[-3] != "A" else "B") + sealed[-2:]
    with pytest.raises(Unreadable):
        ring(K1).open(altered)
    assert ring(K1).open("whsec_from_before") == "whsec_from_before"  # stored in clear


@pytest.mark.parametrize("setting", [
    "c2hvcnQ=", "not base64 at all!", ",", "file:/nowhere/at/all",
    base64.b64encode(b"x" * 31).decode()])
def test_a_wrong_setting_is_refused_in_one_line_that_shows_no_key(setting: str) -> None:
    with pytest.raises(ValidationError) as refused:
        Settings(encryption_keys=setting)
    said = describe(refused.value)
    assert "HOOKLINE_ENCRYPTION_KEYS='***'" in said
    assert setting.strip(",") not in said.replace("/nowhere/at/all", "") or setting == ","


def test_a_file_of_keys_and_the_development_key(tmp_path: Path) -> None:
    (tmp_path / "keys").write_text(f"{K2}\n\n{K1}\n")
    assert ring(f"file:{tmp_path / 'keys'}").ids == [ID2, ID1]
    # Processes that start together agree on the one development key they make.
    database = tmp_path / "hookline.db"
    made: list[bool] = []
    starts = [threading.Thread(target=lambda: made.append(keys.development_file(database)[1]))
              for _ in range(8)]
    for start in starts:
        start.start()
    for start in starts:
        start.join()
    path = tmp_path / "hookline.db.key"
    assert made.count(True) == 1 and oct(path.stat().st_mode & 0o777) == "0o600"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hookline.db.key", "keys"]
    first = for_database(f"sqlite:///{database}", "")
    assert first.ids == for_database(f"sqlite:///{database}", "").ids
    with pytest.raises(keys.KeysUnusable, match="HOOKLINE_ENCRYPTION_KEYS is not set"):
        for_database("postgresql+psycopg://h@127.0.0.1/db", " ")


def stored(url: str, table: str, column: str, row_id: str) -> str:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            value: str = connection.execute(sa.text(
                f"SELECT CAST({column} AS TEXT) FROM {table} WHERE id = :id"),
                {"id": row_id}).scalar_one()
            return value
    finally:
        engine.dispose()


def seed_in_clear(url: str) -> None:
    at = "2026-01-01 00:00:00+00:00"
    with make_engine(url, ring(K1)).begin() as db:
        for sql in (
            "INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'o', :at)",
            "INSERT INTO environments (id, org_id, name, kind, egress_proxy, created_at) "
            "VALUES ('env_1', 'org_1', 'e', 'development', 'http://u:pw-proxy@h:3128', :at)",
            "INSERT INTO consumers (id, environment_id, external_id, name, created_at) "
            "VALUES ('con_1', 'env_1', 'acme', 'Acme', :at)",
            "INSERT INTO sources (id, environment_id, name, type, status, token, provider, "
            "secret, provider_config, created_at) VALUES ('src_1', 'env_1', 's', 'webhook', "
            "'enabled', 'tok', 'meta', 'src-secret', '{\"verifyToken\": \"vt\"}', :at)",
            "INSERT INTO endpoints (id, environment_id, consumer_id, url, status, events, "
            "custom_headers, secret, auth, credentials, failure_count, created_at, updated_at) "
            "VALUES ('ep_1', 'env_1', 'con_1', 'https://example.com/', 'Enabled', '[]', "
            "'{\"Authorization\": \"Bearer hdr\"}', 'whsec_clear', "
            "'{\"clientSecret\": \"oauth-secret\"}', 'null', 0, :at, :at)",
            "INSERT INTO destinations (id, environment_id, source_id, url, status, "
            "custom_headers, secret, failure_count, created_at, updated_at) VALUES "
            "('dst_1', 'env_1', 'src_1', 'https://example.com/', 'Enabled', '{}', "
            "'whsec_dst', 0, :at, :at)",
        ):
            db.execute(sa.text(sql), {"at": at})


def sealed_by_migration(database_url: str, folder: Path) -> tuple[str, Config]:
    """A database of its own, its rows written in clear at 0027, then migrated with K1."""
    url = own_database(database_url, folder)
    cfg = config(url)
    cfg.attributes["keyring"] = ring(K1)
    command.upgrade(cfg, "0027")
    seed_in_clear(url)
    command.upgrade(cfg, "head")
    return url, cfg


def test_the_migration_seals_what_was_stored_in_clear_and_its_downgrade_opens_it(
        database_url: str, tmp_path: Path) -> None:
    url, cfg = sealed_by_migration(database_url, tmp_path)
    for table, column, row_id in (("endpoints", "secret", "ep_1"),
                                  ("endpoints", "custom_headers", "ep_1"),
                                  ("endpoints", "auth", "ep_1"),
                                  ("destinations", "secret", "dst_1"),
                                  ("sources", "secret", "src_1"),
                                  ("sources", "provider_config", "src_1"),
                                  ("environments", "egress_proxy", "env_1")):
        held = stored(url, table, column, row_id).strip('"')
        assert key_id_of(held) == ID1, (table, column, held)
    assert stored(url, "endpoints", "credentials", "ep_1") == "null"  # nothing to seal
    engine = make_engine(url, ring(K2, K1))
    with Session(engine) as session:
        endpoint, source = session.get(Endpoint, "ep_1"), session.get(Source, "src_1")
        environment = session.get(Environment, "env_1")
        destination = session.get(Destination, "dst_1")
        assert endpoint is not None and endpoint.secret == "whsec_clear"
        assert endpoint.custom_headers == {"Authorization": "Bearer hdr"}
        assert endpoint.auth == {"clientSecret": "oauth-secret"} and endpoint.credentials is None
        assert destination is not None and destination.secret == "whsec_dst"
        assert source is not None and source.secret == "src-secret"
        assert source.provider_config == {"verifyToken": "vt"}
        assert environment is not None and environment.egress_proxy == "http://u:pw-proxy@h:3128"
    engine.dispose()
    command.downgrade(cfg, "0027")
    assert stored(url, "endpoints", "secret", "ep_1") == "whsec_clear"
    assert json.loads(stored(url, "endpoints", "auth", "ep_1")) == {
        "clientSecret": "oauth-secret"}


def test_a_missing_key_is_refused_and_rotation_reseals_everything_under_the_first(
        database_url: str, tmp_path: Path) -> None:
    url, _ = sealed_by_migration(database_url, tmp_path)

    with pytest.raises(InvalidSettings) as refused:
        sealing.check_readable(make_engine(url, ring(K2)))
    said = str(refused.value)
    assert "HOOKLINE_ENCRYPTION_KEYS" in said and ID1 in said and "\n" not in said
    assert K1 not in said and K2 not in said

    both = make_engine(url, ring(K2, K1))
    sealing.check_readable(both)
    # A value written meanwhile by a process still sealing with K1 is that write's: the
    # rotation's update finds it changed and leaves it.
    column = next(c for c in sealed_values.sealed_columns() if str(c) == "endpoints.secret")
    with both.begin() as connection:
        was = stored(url, "endpoints", "secret", "ep_1")
        assert not sealed_values.replace(connection, column, "ep_1", was + "x", "other")
    rotation = sealing.rotate(both)
    assert rotation.remaining == {} and rotation.resealed == 8
    with both.connect() as connection:
        assert sealed_values.key_ids(connection) == {ID2}
    assert sealing.rotate(both).resealed == 0  # run again: nothing left to do
    newest = make_engine(url, ring(K2))
    sealing.check_readable(newest)
    with Session(newest) as session:
        endpoint = session.get(Endpoint, "ep_1")
        assert endpoint is not None and endpoint.secret == "whsec_clear"
        assert endpoint.auth == {"clientSecret": "oauth-secret"}
    for engine in (both, newest):
        engine.dispose()


def run(*args: str, url: str, setting: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOOKLINE_DATABASE_URL": url, "HOOKLINE_ENCRYPTION_KEYS": setting}
    return subprocess.run([HOOKLINE, *args], env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_commands_refuse_a_missing_key_and_rotate(database_url: str, tmp_path: Path) -> None:
    url = own_database(database_url, tmp_path)
    assert run("migrate", url=url, setting=K1).returncode == 0
    seed = make_engine(url, ring(K1))
    with seed.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'o', "
            "'2026-01-01 00:00:00+00:00')"))
    with Session(seed) as session:
        session.add(Environment(id="env_1", org_id="org_1", name="e", kind="development",
                                egress_proxy="http://u:pw@h:3128"))
        session.commit()
    seed.dispose()
    for command_line in (["migrate"], ["worker"], ["keys", "rotate"]):
        refused = run(*command_line, url=url, setting=K2)
        lines = refused.stderr.strip().splitlines()
        assert refused.returncode != 0 and len(lines) == 1, refused.stderr
        assert "HOOKLINE_ENCRYPTION_KEYS" in lines[0] and ID1 in lines[0]
        assert K1 not in refused.stderr + refused.stdout and K2 not in refused.stderr
    rotated = run("keys", "rotate", "--json", url=url, setting=f"{K2},{K1}")
    assert rotated.returncode == 0, rotated.stderr
    assert json.loads(rotated.stdout) == {"key": ID2, "resealed": 1, "remaining": {}}
    said = run("keys", "rotate", url=url, setting=f"{K2},{K1}").stdout
    assert "may now be removed" in said and ID1 in said
    new = run("keys", "new", url=url, setting=K2).stdout.strip()
    assert len(base64.b64decode(new, validate=True)) == 32
