"""Secrets kept in files that something else rotates: a Kubernetes Secret's mount (the
kubelet swaps its `..data` link), cert-manager, Vault's agent. A `WatchedFile` is read again
when the file it names changes, so a process picks up the new value at its next use, with
no restart; a change that does not parse keeps the last good value, and says so once."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from hookline.settings import InvalidSettings

log = logging.getLogger("hookline.secret_files")

T = TypeVar("T")


def stamp(path: str) -> tuple[int, int, int] | None:
    """What changes when a file is replaced or rewritten (its inode, size and time, through
    any link); None when it is missing."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns


class WatchedFile(Generic[T]):
    """The value `parse` makes of a file's text, made again when the file changes.
    `parse` raises ValueError on text it refuses. The first read's error stops the process
    (InvalidSettings: it should not start on it); a later one's is logged, and the last
    value kept."""

    def __init__(self, name: str, path: str, parse: Callable[[str], T]) -> None:
        self.name, self.path, self._parse = name, path, parse
        self._stamp = stamp(path)
        try:
            self._value = self._read()
        except ValueError as exc:
            raise InvalidSettings(f"hookline: invalid settings, not starting:\n  {exc}"
                                  ) from None

    def _read(self) -> T:
        """The file's value; ValueError, naming the setting and the file, otherwise."""
        try:
            text = Path(self.path).read_text().strip()
        except OSError as exc:
            raise ValueError(f"{self.name}={self.path!r}: cannot be read ({exc.strerror})"
                             ) from None
        try:
            return self._parse(text)
        except ValueError as exc:  # the file holds a secret: its text never reaches a log
            said = str(exc).replace(text, "***") if text else str(exc)
            raise ValueError(f"{self.name}={self.path!r}: {said}") from None

    def current(self) -> T:
        now = stamp(self.path)
        if now == self._stamp:
            return self._value
        self._stamp = now
        try:
            self._value = self._read()
        except ValueError as exc:
            log.warning("%s changed, but is kept as it was: %s", self.name, exc)
        else:
            log.info("%s changed: read again from %s", self.name, self.path)
        return self._value
