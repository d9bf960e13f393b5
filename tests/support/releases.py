"""The previous release, runnable beside today's code: a git worktree of its commit, with a
venv of its own.

The venv holds the release's source tree and, when the release pins the same dependencies
as today (pyproject.toml's build system and dependencies), today's third-party packages
through a `.pth` line, so that making it takes a second rather than a download. A release
whose dependencies differ gets them installed. Its native parts (the cel-go library, V8's
node modules) are today's when their sources are unchanged (wherever they have moved
since), and built from its own sources otherwise."""

from __future__ import annotations

import re
import subprocess
import sysconfig
import tomllib
import venv
from dataclasses import dataclass
from pathlib import Path

from tests.support.procs import REPO, spawn

# What `make` builds beside its sources (untracked), each as its layouts newest first: where
# it is built, the make target that builds it and what from, today and in the releases
# before it moved. npm ci installs exactly what the lock file says.
NATIVE = (
    (("hookline/tenant_code/_celgo.so", "hookline/tenant_code/_celgo.so", ("native/celgo",)),
     ("hookline/_celgo.so", "hookline/_celgo.so", ("native/celgo",))),
    (("hookline/tenant_code/v8/node_modules", "hookline/tenant_code/v8/node_modules/.installed",
      ("hookline/tenant_code/v8/package-lock.json",)),
     ("hookline/v8/node_modules", "hookline/v8/node_modules/.installed",
      ("hookline/v8/package-lock.json",))),
)


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True,
                          check=True).stdout.strip()


def previous_release() -> str:
    """The newest release behind today's code, as a tag or a commit.

    A release is the commit that dates its heading in CHANGELOG.md, tagged `vX.Y.Z` there
    (README, "Releases"). A clone made without tags (CI's is one) finds that commit from the
    history instead: the first commit that wrote the dated heading."""
    here = _git("rev-parse", "HEAD")
    if _git("rev-parse", "--is-shallow-repository") == "true":
        _git("fetch", "--quiet", "--unshallow")
    for version in re.findall(r"^## \[(\d+\.\d+\.\d+)\] - ", (REPO / "CHANGELOG.md").read_text(),
                              re.MULTILINE):
        tag = f"v{version}"
        if _git("tag", "--list", tag):
            commit, name = _git("rev-parse", f"{tag}^{{commit}}"), tag
        else:
            written = _git("log", "--reverse", "--format=%H", "-S", f"## [{version}] - ",
                           "--", "CHANGELOG.md").split()
            if not written:
                continue
            commit, name = written[0], written[0]
        if commit != here:
            return name
    raise AssertionError("no release behind HEAD: CHANGELOG.md dates none that the history "
                         "holds")


@dataclass(frozen=True)
class Release:
    tag: str
    tree: Path
    python: Path

    def command(self, *args: str) -> list[str]:
        """`hookline ARGS` of this release."""
        return [str(self.python), "-m", "cli", *args]

    def spawn(self, args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
        """`hookline ARGS` of this release, from its own tree (its `.env`, its files)."""
        return spawn(self.command(*args), env, log, cwd=self.tree)

    def remove(self) -> None:
        _git("worktree", "remove", "--force", str(self.tree))


def check_out(tag: str, into: Path) -> Release:
    tree = into / tag
    _git("worktree", "add", "--detach", str(tree), tag)
    for today, *before in NATIVE:
        here, _, here_sources = today
        built, target, sources = next((layout for layout in (today, *before)
                                       if _has(tag, str(Path(layout[0]).parent))), today)
        if all(_blob(tag, old) == _blob("HEAD", new)
               for old, new in zip(sources, here_sources, strict=True)):
            (tree / built).symlink_to(REPO / here)
        else:
            subprocess.run(["make", target], cwd=tree, check=True, capture_output=True)
    environment = tree / ".venv"
    same_dependencies = _dependencies(tag) == _dependencies("HEAD")
    venv.EnvBuilder(with_pip=not same_dependencies).create(environment)
    python = environment / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig."
                                "get_paths()['purelib'])"], capture_output=True, text=True,
                               check=True).stdout.strip())
    if same_dependencies:
        (site / "release.pth").write_text(f"{tree}\n{sysconfig.get_paths()['purelib']}\n")
    else:
        subprocess.run([str(python), "-m", "pip", "install", "-q", str(tree)], check=True)
        (site / "release.pth").write_text(f"{tree}\n")
    found = subprocess.run([str(python), "-c", "import hookline; print(hookline.__file__)"],
                           capture_output=True, text=True, check=True, cwd=into).stdout.strip()
    assert found.startswith(str(tree)), f"{tag}'s venv imports hookline from {found}"
    return Release(tag, tree, python)


def _has(rev: str, path: str) -> bool:
    return subprocess.run(["git", "-C", str(REPO), "cat-file", "-e", f"{rev}:{path}"],
                          capture_output=True, check=False).returncode == 0


def _blob(rev: str, path: str) -> str:
    """The object a path names at a revision (a file's blob, a folder's tree)."""
    return _git("rev-parse", f"{rev}:{path}")


def _dependencies(rev: str) -> tuple[object, ...]:
    """What pip would install for the project at a revision: its build system and its
    dependencies (the rest of pyproject.toml may change without touching a venv)."""
    found = tomllib.loads(_git("show", f"{rev}:pyproject.toml"))
    project = found.get("project", {})
    return (found.get("build-system"), project.get("dependencies"),
            project.get("optional-dependencies"))
