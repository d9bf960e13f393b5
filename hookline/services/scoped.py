"""One row of an environment by id: a row of another environment is as good as missing."""

from __future__ import annotations

from typing import Protocol, TypeVar

from sqlmodel import Session

from hookline.errors import DomainError


class _InEnvironment(Protocol):
    environment_id: str


Row = TypeVar("Row", bound=_InEnvironment)


def get_in(session: Session, model: type[Row], env_id: str, row_id: str,
           missing: DomainError) -> Row:
    row = session.get(model, row_id)
    if row is None or row.environment_id != env_id:
        raise missing
    return row
