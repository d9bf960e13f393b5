"""Hookline's Grafana dashboard (deploy/grafana/hookline.json) and the PromQL of its panels."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from tests.support.procs import REPO

DASHBOARD = REPO / "deploy" / "grafana" / "hookline.json"
CHART_COPY = REPO / "deploy" / "helm" / "hookline" / "dashboards" / "hookline.json"


def load() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DASHBOARD.read_text())
    return loaded


def panels(dashboard: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every panel, those inside collapsed rows too; rows themselves left out."""
    for panel in dashboard["panels"]:
        if panel["type"] == "row":
            yield from panel.get("panels", [])
        else:
            yield panel


def expressions(dashboard: dict[str, Any]) -> list[str]:
    return [target["expr"] for panel in panels(dashboard) for target in panel["targets"]]
