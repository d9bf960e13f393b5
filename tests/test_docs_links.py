"""Issue 50: the docs point only at what a clone has. Every relative link of README.md and
docs/*.md names a file or folder of the repository; none leaves it (a file:// address, or a
../ path past the repository's root, linked or written out); and the capacity guide quotes
no benchmark run: those belong to bench/RESULTS.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```.*?^```", re.M | re.S)  # a code block's brackets are no links
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
HTML = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # https:, mailto:, file:
# A path that climbs: "../x", not the "..." of an elided id ("ep_.../recover").
CLIMB = re.compile(r"(?<![\w.])(?:\.\./)+[\w./-]*")

# What the guide must not quote, as docs/SCALING.md did before issue 50: a benchmark run's
# stamp (its results file, bench/out/results-20261126T171959Z.json, or the short 171959Z
# that bench/RESULTS.md uses) and the commit a run was made on (b39b43c).
RUN_STAMP = re.compile(r"\b(?:results-)?\d{8}T\d{6}Z\b|\b\d{6}Z\b")
COMMIT = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")


def targets(text: str) -> list[str]:
    prose = FENCE.sub("", text)
    return [*LINK.findall(prose), *REFERENCE.findall(prose), *HTML.findall(prose)]


def inside(path: Path) -> bool:
    return path.resolve().is_relative_to(ROOT)


def in_the_clone(path: Path) -> bool:
    return inside(path) and path.exists()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_names_a_file_of_the_repository(doc: Path) -> None:
    wrong = []
    for target in targets(doc.read_text()):
        if target.startswith("#") or (
            SCHEME.match(target) and not target.lower().startswith("file:")
        ):
            continue
        path = doc.parent / target.split("#")[0].split("?")[0]
        if target.lower().startswith("file:") or not in_the_clone(path):
            wrong.append(target)
    assert not wrong, f"{doc.name} links what a clone does not have: {wrong}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_path_written_in_a_doc_leaves_the_repository(doc: Path) -> None:
    """A path that climbs, even unlinked, names something of the clone from the doc's
    folder: "../shared/..." written in docs/ meant a folder beside the repository."""
    text = doc.read_text()
    assert "file://" not in text.lower(), doc.name
    outside = [m for m in CLIMB.findall(text) if not in_the_clone(doc.parent / m)]
    assert not outside, f"{doc.name} names paths outside the repository: {outside}"


def test_the_checks_catch_what_scaling_md_had() -> None:
    old = (
        "Run `results-20261126T171959Z`, on b39b43c with this change (runs `164005Z`); "
        "Temporal recommends ES at load (../shared/reference/temporal.md)."
    )
    assert len(RUN_STAMP.findall(old)) == 2 and COMMIT.findall(old) == ["b39b43c"]
    [climb] = CLIMB.findall(old)
    assert not in_the_clone(ROOT / "docs" / climb) and not inside(ROOT / climb)
    assert targets("[a](../x.md) ![b](p.png)\n[c]: ../y.md\n```\n[d](z)\n```") == [
        "../x.md",
        "p.png",
        "../y.md",
    ]
    assert CLIMB.findall("curl $API/v1/endpoints/ep_.../recover") == []


def test_the_capacity_guide_quotes_no_benchmark_run() -> None:
    text = (ROOT / "docs" / "SCALING.md").read_text()
    assert RUN_STAMP.findall(text) == [] and COMMIT.findall(text) == []
    # Its figures come from the runs bench/RESULTS.md keeps, under the heading it names.
    assert "The capacity run behind docs/SCALING.md" in text
    assert (
        "## The capacity run behind docs/SCALING.md" in (ROOT / "bench" / "RESULTS.md").read_text()
    )
