"""Starting a recovery, for /v1's route and Svix's recover alike: its row made in one
transaction, then its workflow started (`api/routes/recoveries.py` reads and cancels it)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session
from temporalio.client import Client

from hookline.delivery import targets
from hookline.errors import Unavailable
from hookline.persistence.db import committed
from hookline.persistence.models import Recovery
from hookline.services import recoveries
from hookline.settings import get_settings
from hookline.temporal import start_recovery


async def begin(find: Callable[[], targets.Target], w: recoveries.Window, auth_env: str,
                session: Session, temporal: Client) -> Recovery:
    """A recovery of the target `find` reads, made and its workflow started (for /v1 and
    Svix's recover alike); cancelled again, and 503, when Temporal cannot start it."""
    target = await run_in_threadpool(find)
    recovery = await run_in_threadpool(committed, session, recoveries.create, auth_env, target, w)
    try:
        await start_recovery(temporal, get_settings().task_queue, recovery.id)
    except Exception as exc:
        await run_in_threadpool(committed, session, recoveries.cancel, auth_env, recovery.id)
        raise Unavailable(f"Temporal is unavailable; the recovery was not started: {exc}"
                          ) from None
    return recovery
