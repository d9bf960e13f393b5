"""The previous release, runnable beside today's code: a git worktree of its tag, with a
venv of its own.

The venv holds the release's source tree and, when the release pins the same dependencies
as today (pyproject.toml unchanged), today's third-party packages through a `.pth` line,
so that making it takes a second rather than a download. A release whose dependencies
differ gets them installed. Its native parts (the cel-go library, V8's node modules) are
today's when their sources are unchanged, and built from its own sources otherwise."""

from __future__ import annotations

import subprocess
import sysconfig
import venv
from dataclasses import dataclass
from pathlib import Path

from tests.support.procs import REPO, spawn

NATIVE = {"hookline/_celgo.so": ("native/celgo",),
          "hookline/v8/node_modules": ("hookline/v8/package.json", "hookline/v8/package-lock.json")}


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True,
                          check=True).stdout.strip()


def previous_tag() -> str:
    """The newest release tag behind today's code: the last `v*` tag that HEAD contains,
    other than one on HEAD itself."""
    here = _git("rev-parse", "HEAD")
    tags = _git("tag", "--merged", "HEAD", "--sort=-version:refname", "--list", "v[0-9]*")
    for tag in tags.split():
        if _git("rev-parse", f"{tag}^{{commit}}") != here:
            return tag
    raise AssertionError("no release tag behind HEAD: the rolling deploy needs the previous "
                         "release (git fetch --tags)")


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
    for built, sources in NATIVE.items():
        if _unchanged(tag, *sources):
            (tree / built).symlink_to(REPO / built)
        else:
            subprocess.run(["make", built], cwd=tree, check=True, capture_output=True)
    environment = tree / ".venv"
    same_dependencies = _unchanged(tag, "pyproject.toml")
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


def _unchanged(tag: str, *paths: str) -> bool:
    return subprocess.run(["git", "-C", str(REPO), "diff", "--quiet", tag, "HEAD", "--", *paths],
                          check=False).returncode == 0

