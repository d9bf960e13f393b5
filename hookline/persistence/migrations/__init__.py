"""Alembic migrations, run by `hookline migrate` (and by `hookline up`)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from hookline.encryption.keyring import Keyring

HERE = Path(__file__).parent


def config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str, keyring: Keyring | None = None) -> None:
    """To the newest schema; `keyring` seals credentials (default: the settings')."""
    cfg = config(url)
    cfg.attributes["keyring"] = keyring
    command.upgrade(cfg, "head")
