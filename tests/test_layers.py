"""The house's arrows, read from the source: every import points down a floor, none goes
round in a circle, and an attempt's data never climbs back up (issue 49). The floors, top
down: `cli/` (whose commands start the API and the worker); `api/` and `worker.py`;
`workflows/` and `activities/`; `hookline/`."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("hookline", "activities", "workflows", "api", "cli")
ABOVE = {"hookline": ("activities", "workflows", "api", "cli", "worker"),
         "activities": ("api", "cli", "worker"), "workflows": ("api", "cli", "worker"),
         "api": ("cli", "worker"), "worker": ("api", "cli")}


def _modules() -> dict[str, Path]:
    found = {"worker": ROOT / "worker.py"}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _nodes(tree: ast.Module, *, top_only: bool) -> Iterator[ast.AST]:
    """Every node, or (`top_only`) those that run when the module is imported: all but the
    bodies of functions."""
    if not top_only:
        yield from ast.walk(tree)
        return
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))


def _imports(name: str, *, top_only: bool) -> Iterator[str]:
    """The project's modules `name` imports (`top_only`: at import time, not in a function)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _nodes(tree, top_only=top_only):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package
                for _ in range(node.level - 1):
                    parent = parent.rpartition(".")[0]
                base = f"{parent}.{base}" if base else parent
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def test_every_import_points_down_a_floor() -> None:
    up = [f"{name} -> {target}" for name in MODULES for target in _imports(name, top_only=False)
          if target.split(".")[0] in ABOVE.get(name.split(".")[0], ())]
    assert up == []


def test_no_imports_go_round_in_a_circle() -> None:
    graph = {name: set(_imports(name, top_only=True)) for name in MODULES}
    circles: list[list[str]] = []
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> None:  # Tarjan's strongly connected components
        order[name] = low[name] = len(order)
        stack.append(name)
        for target in graph[name]:
            if target not in order:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in stack:
                low[name] = min(low[name], order[target])
        if low[name] == order[name]:
            component = []
            while (member := stack.pop()) != name:
                component.append(member)
            if component:
                circles.append(sorted([name, *component]))

    for name in graph:
        if name not in order:
            visit(name)
    assert circles == []


def test_the_attempt_activity_makes_one_call_into_the_engine() -> None:
    """An attempt flows one way: the activity hands it to the engine and maps what comes
    back to Temporal, reaching into no step of it (the engine's `model` gives it the one
    error it maps)."""
    assert set(_imports("activities.delivery", top_only=False)) <= {
        "hookline.contracts", "hookline.delivery.engine", "hookline.delivery.model",
        "hookline.observability", "hookline.observability.tracing"}
    tree = ast.parse(MODULES["activities.delivery"].read_text())
    from_model = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                  and node.module == "hookline.delivery.model" for alias in node.names}
    assert from_model == {"ContentGone"}
    reached = {ast.unparse(node) for node in ast.walk(tree) if isinstance(node, ast.Attribute)
               and ast.unparse(node.value) == "self.engine"}
    assert reached == {"self.engine.attempt", "self.engine.record"}
    activities = [node for node in ast.walk(tree) if isinstance(node, ast.AsyncFunctionDef)]
    assert [node.name for node in activities] == ["attempt_delivery", "record_attempt"]
    for node in activities:
        calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)
                 and ast.unparse(n.func).startswith("self.engine.")]
        assert len(calls) == 1, node.name
        assert len([n for n in ast.walk(node) if isinstance(n, ast.Await)]) == 1, node.name


def test_what_the_engines_steps_pass_one_another_imports_none_of_them() -> None:
    """The steps share `model`, not the transactions' module: the sender, the shaping and
    the reporting of an outcome read no database."""
    assert set(_imports("hookline.delivery.model", top_only=False)) == {
        "hookline.contracts", "hookline.statuses", "hookline.delivery.credentials"}
    # A target's `auth` and `tls` as an attempt carries them: plain values, importing nothing.
    assert not [name for name in _imports("hookline.delivery.credentials", top_only=False)
                if name.startswith("hookline")]
    for step in ("sender", "shaping", "outcomes"):
        assert "hookline.delivery.attempts" not in set(
            _imports(f"hookline.delivery.{step}", top_only=False)), step


# hookline/'s own floors, top down (docs/ARCHITECTURE.md, "How the code is kept").
HOOKLINE_FLOORS = (("intake",), ("usecases",), ("services",), ("scheduling", "delivery"),
                   ("tenant_code",), ("persistence",), ("observability",))


def _floor(name: str) -> int | None:
    parts = name.split(".")
    return next((n for n, floor in enumerate(HOOKLINE_FLOORS)
                 if parts[0] == "hookline" and len(parts) > 2 and parts[1] in floor), None)


def test_inside_hookline_every_import_points_down_a_floor() -> None:
    up = [f"{name} -> {target}" for name in MODULES if (mine := _floor(name)) is not None
          for target in _imports(name, top_only=False)
          if (theirs := _floor(target)) is not None and theirs < mine]
    assert up == []


def _folder(name: str) -> str:
    """A module's folder in its package (`api.svix`, `hookline.delivery`), or the module
    itself when it sits at the package's top (`api.errors`)."""
    return ".".join(name.split(".")[:2])


def test_no_folder_of_hookline_or_api_goes_round_in_a_circle() -> None:
    """Modules may import one another inside a folder; between folders (and the package's
    top modules), the imports make no loop: routes -> errors -> svix -> routes was one."""
    graph: dict[str, set[str]] = {}
    for name in MODULES:
        if name.split(".")[0] in ("hookline", "api"):
            graph.setdefault(_folder(name), set()).update(
                _folder(t) for t in _imports(name, top_only=False)
                if t.split(".")[0] == name.split(".")[0] and _folder(t) != _folder(name))
    loops = []
    for start in graph:
        paths = [[start]]
        while paths:
            path = paths.pop()
            for step in graph.get(path[-1], ()):
                if step == start:
                    loops.append(" -> ".join([*path, step]))
                elif step not in path:
                    paths.append([*path, step])
    assert loops == []


def test_error_types_are_spelt_in_one_list() -> None:
    """`hookline.statuses.ErrorType` is the one list: no other module compares an attempt's
    error type with a string, or lists three or more of them (the explorer, the metrics, the
    queries and the portal's sentences name the enum's members)."""
    from hookline.statuses import ERROR_TYPES

    spelt = []
    for name, path in MODULES.items():
        if name == "hookline.statuses" or ".migrations." in name:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):  # with an attempt's error type
                operands = (node.left, *node.comparators)
                found = [n for n in operands if isinstance(n, ast.Constant)
                         and n.value in ERROR_TYPES] if any(
                    word in ast.unparse(n) for n in operands
                    for word in ("error_type", "errorType", "kind")) else []
            elif isinstance(node, (ast.Tuple, ast.Set, ast.List, ast.Dict)):
                items = node.keys if isinstance(node, ast.Dict) else node.elts
                found = [n for n in items if isinstance(n, ast.Constant) and n.value in ERROR_TYPES]
                found = found if len(found) >= 3 else []
            else:
                continue
            spelt += [f"{name}:{n.lineno} {n.value!r}" for n in found]
    assert spelt == []


def test_each_kind_of_target_keeps_to_itself() -> None:
    """HTTP and the brokers are two kinds behind one interface (`hookline.delivery.kinds`):
    neither imports the other's modules; what both use (the signed headers, a TLS context,
    the address rules of `hookline.url_guard`) sits beside or below them."""
    def kind(name: str) -> str | None:
        parts = name.split(".")
        return parts[3] if parts[:3] == ["hookline", "delivery", "kinds"] and len(parts) > 4 \
            else None

    crossing = [f"{name} -> {target}" for name in MODULES if (mine := kind(name))
                for target in _imports(name, top_only=False)
                if (theirs := kind(target)) and theirs != mine]
    assert crossing == []
    resolving = [name for name, path in MODULES.items() if name.startswith("hookline")
                 and "getaddrinfo" in path.read_text()]
    assert resolving == ["hookline.url_guard"]

