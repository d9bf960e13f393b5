"""Regenerate 0001 from the models while the schema is unreleased: `python tools/regen_migration.py`."""

import tempfile
from pathlib import Path

from alembic import command

from hookline.migrations import HERE, config

target = HERE / "versions" / "0001_initial_schema.py"
target.unlink(missing_ok=True)
with tempfile.TemporaryDirectory() as folder:
    url = f"sqlite:///{Path(folder) / 'gen.db'}"
    command.revision(config(url), message="initial schema", autogenerate=True, rev_id="0001")
    text = target.read_text().replace("Revises: \n", "Revises:\n")
    target.write_text(text)
