"""Issue 71, part 2: every stored history (tests/histories/<version>/, recorded from a real
run by `make histories`) replays against today's workflow code with Temporal's Replayer,
so a change to a workflow's commands without a guard fails here before a deploy would
fail the workflow tasks of every Delivery in flight. A planted change of that kind is
caught; and the newest release's histories cover every state the rule names."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest
from temporalio import workflow
from temporalio.client import WorkflowHistory
from temporalio.worker import Replayer

from hookline.contracts import WORKFLOW_DELIVERY, DeliveryInput
from workflows.cron import CronRunWorkflow
from workflows.delivery import DeliveryWorkflow
from workflows.notice_digest import NoticeDigestWorkflow
from workflows.recovery import RecoveryWorkflow
from workflows.retention import RetentionWorkflow
from workflows.silence import SilenceCheckWorkflow

FOLDER = Path(__file__).parent / "histories"
HISTORIES = sorted(FOLDER.glob("*/*.json"))
WORKFLOWS = [DeliveryWorkflow, CronRunWorkflow, SilenceCheckWorkflow, RecoveryWorkflow,
             RetentionWorkflow, NoticeDigestWorkflow]
# What each release records (tests/histories/record.py), by file name.
STATES = {"delivery-delivered", "delivery-retried-then-delivered", "delivery-exhausted",
          "delivery-cancelled-waiting", "delivery-signalled-by-signal",
          "delivery-throttled", "delivery-throttled-by-receiver", "delivery-held-by-breaker",
          "delivery-recovered", "delivery-unrecorded",
          "recovery", "cron-run", "silence-check", "retention", "notice-digest"}


def history(path: Path) -> WorkflowHistory:
    return WorkflowHistory.from_json(f"{path.parent.name}/{path.stem}", path.read_text())


@pytest.fixture(scope="session")
def replayer() -> Replayer:
    return Replayer(workflows=WORKFLOWS)


@pytest.mark.parametrize("path", HISTORIES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_stored_history_replays_on_todays_code(replayer: Replayer, path: Path) -> None:
    asyncio.run(replayer.replay_workflow(history(path)))


def test_the_newest_release_recorded_every_state() -> None:
    newest = max((p for p in FOLDER.iterdir() if p.is_dir()),
                 key=lambda p: tuple(int(n) for n in p.name.split(".")))
    assert {p.stem for p in newest.glob("*.json")} == STATES


@workflow.defn(name=WORKFLOW_DELIVERY, sandboxed=False)
class _Unguarded(DeliveryWorkflow):
    """The Delivery workflow with one command added, and no `workflow.patched` around it."""

    @workflow.run
    async def run(self, data: DeliveryInput) -> str:
        await workflow.sleep(timedelta(seconds=1))
        return await super().run(data)


def test_a_change_to_the_commands_without_a_guard_fails_the_replay() -> None:
    planted = Replayer(workflows=[_Unguarded])
    with pytest.raises(workflow.NondeterminismError):
        asyncio.run(planted.replay_workflow(history(FOLDER / "0.1.0" /
                                                    "delivery-delivered.json")))
