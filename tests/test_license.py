"""One licence, MIT, said the same way everywhere a user or a package index reads it."""

from __future__ import annotations

import json
import re
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


def test_each_client_carries_the_licence_and_declares_it() -> None:
    """`make clients` copies LICENSE into each client, which ships it (the wheel and the
    tarball: tests/test_clients_dist.py)."""
    text = (ROOT / "LICENSE").read_text()
    for client in ("python", "typescript"):
        assert (ROOT / "clients" / client / "LICENSE").read_text() == text, (
            "run `make clients` and commit the result"
        )
    setup = (ROOT / "clients/python/setup.py").read_text()
    assert 'license_expression="MIT",' in setup and 'license_files=["LICENSE"],' in setup


def test_the_typescript_client_carries_the_licence_of_what_it_bundles() -> None:
    """openapi-fetch (and, in the types, openapi-typescript-helpers) is bundled into dist/
    (clients/typescript/build.mjs); their MIT licence asks for its notice in every copy."""
    for built, bundled in (
        ("index.js", ["openapi-fetch"]),
        ("index.d.ts", ["openapi-fetch", "openapi-typescript-helpers"]),
    ):
        text = (ROOT / "clients/typescript/dist" / built).read_text()
        notices = re.findall(
            r"^/\*! (\S+) \S+\n\nMIT License\n\nCopyright \(c\) 2023 Drew Powers\n", text, re.M
        )
        assert notices == bundled, built
