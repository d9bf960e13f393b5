"""The operator's `hookline` commands, run as an operator runs them: the console script in
its own process, on a SQLite database of the test's own (the first hour: a database that
is not there, a lost key, lists, help)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session
from typer.core import TyperArgument, TyperGroup
from typer.main import get_command

from cli import database
from cli.main import app
from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.services import accounts
from tests.support.procs import REPO, free_port

HOOKLINE = str(REPO / ".venv" / "bin" / "hookline")


def run(cwd: Path, *args: str, url: str | None = None) -> subprocess.CompletedProcess[str]:
    """`hookline ARGS` in `cwd`, on the database `url` (None: the default one)."""
    env = {k: v for k, v in os.environ.items() if k != "HOOKLINE_DATABASE_URL"}
    if url is not None:
        env["HOOKLINE_DATABASE_URL"] = url
    return subprocess.run([HOOKLINE, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=60, check=False)


def ok(cwd: Path, url: str, *args: str) -> str:
    done = run(cwd, *args, url=url)
    assert done.returncode == 0, done.stderr
    return done.stdout


def refused(cwd: Path, url: str | None, *args: str) -> str:
    """The one line a refused command prints on stderr (exit status 1, nothing on stdout)."""
    done = run(cwd, *args, url=url)
    assert (done.returncode, done.stdout) == (1, ""), (done.returncode, done.stdout)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    """A migrated SQLite database with nothing in it."""
    found = f"sqlite:///{tmp_path / 'hookline.db'}"
    upgrade(found)
    yield found


def key_environment(url: str, key: str) -> str:
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return accounts.authenticate(session, key).environment_id
    finally:
        engine.dispose()


@pytest.mark.parametrize("command", [["org", "list"], ["key", "create", "--env", "development"],
                                     ["plan", "show", "--org", "default"]])
def test_outside_a_migrated_folder_one_line_says_to_migrate_and_creates_nothing(
        tmp_path: Path, command: list[str]) -> None:
    """The default URL is relative to the current folder: run elsewhere, a command says
    which database it looked for, and leaves no empty file behind."""
    line = refused(tmp_path, None, *command)

    assert f"sqlite:///hookline.db ({tmp_path / 'hookline.db'})" in line
    assert "run `hookline migrate`" in line
    assert list(tmp_path.iterdir()) == []


def test_a_database_without_the_schema_or_server_is_named_with_its_password_masked(
        tmp_path: Path) -> None:
    (tmp_path / "empty.db").touch()
    line = refused(tmp_path, "sqlite:///empty.db", "org", "list")
    assert "sqlite:///empty.db" in line and "no Hookline schema" in line
    assert "run `hookline migrate`" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"]

    down = f"postgresql+psycopg://hookline:s3cr3t-pw@127.0.0.1:{free_port()}/hookline"
    line = refused(tmp_path, down, "key", "list")
    assert "postgresql+psycopg://hookline:***@127.0.0.1:" in line
    assert "s3cr3t-pw" not in line and "cannot reach the database" in line


def test_a_key_is_made_for_an_environment_named_as_hookline_up_names_it(
        tmp_path: Path, url: str) -> None:
    assert "no organization yet" in refused(tmp_path, url, "key", "create", "--env", "dev")
    ok(tmp_path, url, "org", "create", "default")
    # One organization: `env create` needs no --org (issue 68).
    env_id = ok(tmp_path, url, "env", "create", "development").split()[0]

    key_id, key = ok(tmp_path, url, "key", "create", "--env", "development").split()
    assert key_id.startswith("key_") and key_environment(url, key) == env_id
    by_id = json.loads(ok(tmp_path, url, "key", "create", "--env", env_id, "--json"))
    assert by_id["environment"] == env_id and key_environment(url, by_id["key"]) == env_id

    # With several organizations, --org (id or name) says which one's "development".
    other = ok(tmp_path, url, "org", "create", "other").split()[0]
    several = refused(tmp_path, url, "key", "create", "--env", "development")
    assert "2 organizations" in several and "--org" in several
    several = refused(tmp_path, url, "env", "create", "staging")
    assert "2 organizations" in several and "--org" in several
    assert "not found in organization 'other'" in refused(
        tmp_path, url, "key", "create", "--env", "development", "--org", other)
    _, key = ok(tmp_path, url, "key", "create", "--env", "development", "--org",
                "default").split()
    assert key_environment(url, key) == env_id
    assert "'staging' not found" in refused(tmp_path, url, "key", "create", "--env", "staging",
                                            "--org", "default")


def test_lists_print_a_header_row_and_json_stays_items(tmp_path: Path, url: str) -> None:
    assert ok(tmp_path, url, "org", "list") == "id\tname\tcreatedAt\n"  # none yet
    ok(tmp_path, url, "org", "create", "acme")
    ok(tmp_path, url, "env", "create", "live", "--org", "acme", "--kind", "production")
    ok(tmp_path, url, "key", "create", "--env", "live")

    for command, header in [
            ("org", "id\tname\tcreatedAt"),
            ("env", "id\tname\tkind\torg\tretentionDays\tcreatedAt"),
            ("key", "id\thint\tenvironment\tcreatedAt\tlastUsedAt\trevokedAt")]:
        lines = ok(tmp_path, url, command, "list").splitlines()
        assert lines[0] == header and len(lines) == 2, lines
        assert len(lines[1].split("\t")) == len(header.split("\t"))
        items = json.loads(ok(tmp_path, url, command, "list", "--json"))["items"]
        assert len(items) == 1 and list(items[0]) == header.split("\t")


def test_key_revoke_answers_one_json_object(tmp_path: Path, url: str) -> None:
    ok(tmp_path, url, "org", "create", "acme")
    ok(tmp_path, url, "env", "create", "development", "--org", "acme")
    key_id, _ = ok(tmp_path, url, "key", "create", "--env", "development").split()

    revoked = json.loads(ok(tmp_path, url, "key", "revoke", key_id, "--json"))
    assert revoked["id"] == key_id and revoked["revokedAt"]
    assert revoked["environment"].startswith("env_") and "key" not in revoked
    assert ok(tmp_path, url, "key", "revoke", key_id) == f"revoked {key_id}\n"
    assert "not found" in refused(tmp_path, url, "key", "revoke", "key_nope", "--json")


def _commands() -> list[tuple[list[str], Any]]:
    """Every command with its words, groups included, walked from the app itself."""
    found: list[tuple[list[str], Any]] = []

    def walk(command: Any, words: list[str]) -> None:
        found.append((words, command))
        if isinstance(command, TyperGroup):
            for name, sub in command.commands.items():
                walk(sub, [*words, name])

    walk(get_command(app), [])
    return found


def _helps(cwd: Path, commands: list[tuple[list[str], Any]]
           ) -> Iterator[tuple[list[str], Any, str]]:
    """Each command's --help as printed, four processes at a time (each is a second of
    imports)."""
    for start in range(0, len(commands), 4):
        batch = [(words, command, subprocess.Popen(
            [HOOKLINE, *words, "--help"], cwd=cwd, env={**os.environ, "COLUMNS": "200"},
            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
            for words, command in commands[start:start + 4]]
        for words, command, proc in batch:
            shown, _ = proc.communicate(timeout=120)
            assert proc.returncode == 0, shown
            yield words, command, shown


def test_every_command_and_option_has_help_and_real_names(tmp_path: Path) -> None:
    commands = _commands()
    assert {"key create", "listen", "temporal-server"} <= {" ".join(w) for w, _ in commands}
    for words, command, shown in _helps(tmp_path, commands):
        name = " ".join(["hookline", *words])
        assert command.help, (name, shown)
        usage = next(line for line in shown.splitlines() if "Usage:" in line)
        assert f"Usage: {name} [OPTIONS]" in usage and not re.search("[{}<>]", usage), usage
        assert "<bool>" not in shown, shown
        for param in command.params:
            assert param.help, f"{param.name} of `{name}` has no help"
            if isinstance(param, TyperArgument):
                assert param.metavar and f" {param.metavar}" in usage, usage
            elif not param.is_flag:
                assert param.metavar and re.search(
                    rf"{param.opts[0]}\s+{param.metavar}\s", shown), (name, param.name, shown)
    assert list(tmp_path.iterdir()) == []


def test_a_new_key_is_headed_and_said_to_be_shown_once_and_keys_list_names(
        tmp_path: Path, url: str) -> None:
    """Issue 50: a person reads which environment the key is for, that it is shown once,
    and the columns' names (on stderr); stdout stays the one line a script reads. `key
    list` names each environment as --env takes it (--json keeps the id)."""
    ok(tmp_path, url, "org", "create", "acme")
    env_id = json.loads(ok(tmp_path, url, "env", "create", "live", "--org", "acme",
                           "--json"))["id"]
    done = run(tmp_path, "key", "create", "--env", "live", url=url)
    assert done.returncode == 0 and re.fullmatch(r"key_\w+\thk_\w+\n", done.stdout), done
    assert done.stderr == ("A new API key for environment 'live' of 'acme'. It is shown "
                           "once, here: only its hash is stored.\nid\tkey\n")
    assert run(tmp_path, "key", "create", "--env", "live", "--json", url=url).stderr == ""

    lines = ok(tmp_path, url, "key", "list").splitlines()
    assert [line.split("\t")[2] for line in lines] == ["environment", "live", "live"]
    items = json.loads(ok(tmp_path, url, "key", "list", "--json"))["items"]
    assert [item["environment"] for item in items] == [env_id, env_id]
    ok(tmp_path, url, "org", "create", "umbrella")  # names repeat: each says its organization
    lines = ok(tmp_path, url, "key", "list").splitlines()
    assert [line.split("\t")[2] for line in lines] == ["environment", "acme/live", "acme/live"]


def test_outside_the_folder_up_runs_in_the_hint_says_where_its_database_is(
        tmp_path: Path) -> None:
    """Issue 50: a missing SQLite file most often means the wrong folder, and a migrate
    there would make a second, empty database: the hint names the folder `up` uses, and
    `make run`'s database when there is one."""
    line = refused(tmp_path, None, "org", "list")
    assert "`hookline up` keeps its database in the folder it starts in. Run this " \
           "command there or set HOOKLINE_DATABASE_URL" in line
    repo = tmp_path / "repo"
    repo.mkdir()
    here = tmp_path / "elsewhere" / "hookline.db"
    assert "make run" not in database.elsewhere(here, repo)
    (repo / "hookline.db").touch()
    assert f"(`make run`'s is {repo / 'hookline.db'})" in database.elsewhere(here, repo)
    assert "make run" not in database.elsewhere(repo / "hookline.db", repo)


def test_up_help_names_the_settings_it_reads_first() -> None:
    """Issue 68: `up --help` says where its settings come from and names the first ones."""
    shown = subprocess.run([HOOKLINE, "up", "--help"], capture_output=True, text=True,
                           timeout=60, env={**os.environ, "COLUMNS": "200"}).stdout
    for setting in ("HOOKLINE_DATABASE_URL", "HOOKLINE_API_PORT", "HOOKLINE_TEMPORAL_ADDRESS",
                    "HOOKLINE_ALLOWED_SUBNETS", "docs/SETTINGS.md"):
        assert setting in shown, shown
