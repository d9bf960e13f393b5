"""Svix's `application` in a request's body (a message's, an app-portal access's): the
application `{app_id}` names, made first when there is none; its uid must then be
`{app_id}`, as in Svix."""

from __future__ import annotations

from sqlmodel import Session

from api.svix.errors import SvixInvalid
from api.svix.schemas.applications import ApplicationIn
from hookline.services import consumers


def make_if_missing(session: Session, env_id: str, app_id: str, app: ApplicationIn | None
                    ) -> None:
    """In the caller's transaction (it commits)."""
    if app is None or consumers.find_consumer(session, env_id, app_id) is not None:
        return
    if app.uid != app_id:
        kind = "application_uid_missing" if app.uid is None else "application_uid_mismatch"
        raise SvixInvalid(("body", "application", "uid"),
                          "must be the app_id of the path to create the application", kind)
    consumers.create_consumer(session, env_id, app.uid, app.name, app.details())
