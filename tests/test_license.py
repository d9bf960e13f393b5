"""One licence, MIT, said the same way everywhere a user or a package index reads it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_the_root_licence_is_mit_and_every_package_says_so() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n") and "Permission is hereby granted" in text
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    chart = yaml.safe_load((ROOT / "deploy/helm/hookline/Chart.yaml").read_text())
    assert chart["annotations"]["artifacthub.io/license"] == "MIT"
    package = json.loads((ROOT / "clients/typescript/package.json").read_text())
    assert package["license"] == "MIT"
