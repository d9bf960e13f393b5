"""Files as a Kubernetes Secret's volume holds them, rotated as the kubelet rotates them:
each key a link through `..data` to a directory of the current version, `..data` swapped
atomically at each update."""

from __future__ import annotations

import os
from pathlib import Path


def mounted(folder: Path, name: str, content: str | bytes) -> Path:
    """Writes `name`'s new content in `folder` as the kubelet would; returns its path."""
    version = folder / f"..v{len(list(folder.glob('..v*')))}"
    version.mkdir(parents=True)
    (version / name).write_bytes(content.encode() if isinstance(content, str) else content)
    for kept in (folder / "..data").glob("*") if (folder / "..data").exists() else ():
        if kept.name != name:  # the volume's other keys stay as they were
            os.link(kept, version / kept.name)
    swapping = folder / "..data_tmp"
    swapping.symlink_to(version.name)
    os.replace(swapping, folder / "..data")
    path = folder / name
    if not path.is_symlink():
        path.symlink_to(f"..data/{name}")
    return path
