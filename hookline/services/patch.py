"""PATCH bodies: an absent field leaves a value as it is, where null is a value of its own."""

from __future__ import annotations

import enum


class Keep(enum.Enum):
    """Marks a PATCH field that was absent."""

    KEEP = 0


KEEP = Keep.KEEP
