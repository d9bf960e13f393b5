"""Regenerate 0001 from the models while the schema is unreleased:
`.venv/bin/python tools/regen_migration.py`. Later revisions are set aside meanwhile, since
autogenerate compares against an empty database."""

import shutil
import tempfile
from pathlib import Path

from alembic import command

from hookline.persistence.migrations import HERE, config

versions = HERE / "versions"
target = versions / "0001_initial_schema.py"
with tempfile.TemporaryDirectory() as folder:
    later = [p for p in versions.glob("*.py") if p != target]
    for path in later:
        shutil.move(path, Path(folder) / path.name)
    try:
        target.unlink(missing_ok=True)
        url = f"sqlite:///{Path(folder) / 'gen.db'}"
        command.revision(config(url), message="initial schema", autogenerate=True,
                         rev_id="0001")
        target.write_text(target.read_text().replace("Revises: \n", "Revises:\n"))
    finally:
        for path in later:
            shutil.move(Path(folder) / path.name, path)
