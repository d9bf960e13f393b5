"""The binding to cel-go (native/celgo, built into hookline/tenant_code/_celgo.so by `make`).

cel-go is the CEL engine with a cost model: its checker estimates an expression's worst-case
cost from the AST (comprehension nesting, literal sizes, string and list growth), and its
interpreter stops an evaluation once its actual cost passes a limit. ctypes lets go of the
GIL for each call, so an evaluation never holds the interpreter the API's other requests
need. The library keeps programs and decoded variables in its own tables; Python holds
their handles."""

from __future__ import annotations

import ctypes
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any

LIBRARY = Path(__file__).with_name("_celgo.so")


class Outcome(IntEnum):
    MATCHED = 1
    NOT_MATCHED = 0
    FAILED = -1
    OVER_BUDGET = -2
    UNKNOWN = -3


@dataclass(frozen=True)
class Estimate:
    most: int  # cost units, cel-go's: about one per operation, more for strings and lists


@dataclass(frozen=True)
class Refused:
    reason: str  # compile | result
    message: str


@dataclass(frozen=True)
class Evaluated:
    outcome: Outcome
    cost: int
    message: str | None


_lib: ctypes.CDLL | None = None
_loading = threading.Lock()


def library() -> ctypes.CDLL:
    """Loaded on first use (the Go runtime starts then), not at import."""
    global _lib
    with _loading:
        if _lib is None:
            if not LIBRARY.exists():
                raise RuntimeError(f"{LIBRARY} is missing: `make venv` builds it with Go")
            _lib = _declare(ctypes.CDLL(str(LIBRARY)))
    return _lib


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    i64, text = ctypes.c_int64, ctypes.c_char_p
    lib.hl_check.restype = ctypes.c_void_p
    lib.hl_check.argtypes = [text, ctypes.c_int, ctypes.c_uint64]
    lib.hl_program.restype = i64
    lib.hl_program.argtypes = [text, ctypes.c_int, ctypes.c_uint64]
    lib.hl_activation.restype = i64
    lib.hl_activation.argtypes = [text, ctypes.c_int, text, text, ctypes.c_int]
    lib.hl_eval.restype = ctypes.c_int
    lib.hl_eval.argtypes = [i64, i64, ctypes.POINTER(ctypes.c_uint64),
                            ctypes.POINTER(ctypes.c_void_p)]
    lib.hl_drop_program.argtypes = [i64]
    lib.hl_drop_activation.argtypes = [i64]
    lib.hl_free.argtypes = [ctypes.c_void_p]
    return lib


def _taken(lib: ctypes.CDLL, pointer: int) -> str:
    try:
        return ctypes.string_at(pointer).decode()
    finally:
        lib.hl_free(pointer)


def estimate(source: str, most: int) -> Estimate | Refused:
    """The expression's worst-case cost on inputs whose strings, lists and maps hold at most
    `most` items or characters, or why it cannot be a filter."""
    lib, raw = library(), source.encode()
    found = json.loads(_taken(lib, lib.hl_check(raw, len(raw), most)))
    if "error" in found:
        return Refused(found["reason"], found["error"])
    return Estimate(int(found["max"]))


class Programs:
    """Compiled filters by source, each stopping at `limit` cost units; the least
    recently used are dropped past `size`."""

    def __init__(self, limit: int, size: int = 4096) -> None:
        self.limit, self.size = limit, size
        self._handles: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, source: str) -> int:
        with self._lock:
            handle = self._handles.get(source)
            if handle is not None:
                self._handles.move_to_end(source)
                return handle
        lib, raw = library(), source.encode()
        handle = lib.hl_program(raw, len(raw), self.limit)
        if not handle:
            raise ValueError("the filter does not compile")
        with self._lock:
            self._handles[source] = handle
            while len(self._handles) > self.size:
                lib.hl_drop_program(self._handles.popitem(last=False)[1])
        return int(handle)


@dataclass(frozen=True)
class RawJSON:
    """A variable's value already serialized (an event's data as published): spliced into
    the variables' JSON as it is, not encoded again under the GIL."""

    text: str


@dataclass(frozen=True)
class MaybeJSON:
    """A variable's bytes that cel-go decodes, as null when they are not JSON (a message's
    body): parsed without the GIL. At most one per activation."""

    raw: bytes


class Activation:
    """Variables decoded once in the library for every filter evaluated on them; a context
    manager, since the library holds them until dropped."""

    def __init__(self, variables: Mapping[str, Any]) -> None:
        parts, extra, raw = [], b"", b""
        for name, value in variables.items():
            if isinstance(value, MaybeJSON):
                extra, raw = name.encode(), value.raw
                continue
            encoded = value.text if isinstance(value, RawJSON) else json.dumps(
                value, separators=(",", ":"), ensure_ascii=False, default=str)
            parts.append(f"{json.dumps(name)}:{encoded}")
        text = ("{" + ",".join(parts) + "}").encode()
        self.handle = library().hl_activation(text, len(text), extra, raw, len(raw))
        if not self.handle:
            raise ValueError("the variables could not be decoded")

    def __enter__(self) -> Activation:
        return self

    def __exit__(self, *_: object) -> None:
        library().hl_drop_activation(self.handle)


def evaluate(program: int, activation: Activation) -> Evaluated:
    """One evaluation, stopped at its program's cost limit."""
    lib = library()
    cost, problem = ctypes.c_uint64(), ctypes.c_void_p()
    outcome = Outcome(lib.hl_eval(program, activation.handle, ctypes.byref(cost),
                                  ctypes.byref(problem)))
    message = _taken(lib, problem.value) if problem.value else None
    return Evaluated(outcome, cost.value, message)
