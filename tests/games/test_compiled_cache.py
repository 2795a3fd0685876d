"""The compiled engine modules kept in the user's cache (host.games.compiled): a build is
kept whole (its modules only) and taken back by another checkout of the same sources."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from host.games import compiled


def built_tree(root: Path, marker: bytes) -> None:
    folder = root / "host" / "games" / "kot"
    folder.mkdir(parents=True)
    (folder / "engine.cpython-311-x86_64-linux-gnu.so").write_bytes(marker)
    (folder / "engine.o").write_bytes(b"an object file, not kept")


def test_a_kept_build_is_taken_by_a_checkout_of_the_same_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(compiled, "BUILT", tmp_path / "first")
    kept = compiled._kept("sources-a")
    assert kept.is_relative_to(tmp_path / "cache" / "dicetable" / "compiled")
    assert not compiled._take(kept)  # nothing kept yet: compile
    built_tree(tmp_path / "first", b"module a")
    compiled._keep(kept)
    assert sorted(p.name for p in kept.rglob("*") if p.is_file()) == [
        "engine.cpython-311-x86_64-linux-gnu.so"  # the modules alone
    ]
    monkeypatch.setattr(compiled, "BUILT", tmp_path / "second")
    assert compiled._take(kept)
    so = tmp_path / "second" / "host" / "games" / "kot" / "engine.cpython-311-x86_64-linux-gnu.so"
    assert so.read_bytes() == b"module a"
    assert compiled._kept("sources-b") != kept  # other sources: another build


def test_the_cache_keeps_the_newest_builds_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(compiled, "BUILT", tmp_path / "built")
    monkeypatch.setattr(compiled, "KEEP_BUILDS", 2)
    built_tree(tmp_path / "built", b"m")
    kept = [compiled._kept(f"sources-{k}") for k in range(3)]
    for k, path in enumerate(kept):
        compiled._keep(path)
        # distinct times, oldest first, whatever the file system's time resolution
        os.utime(path, (1_000_000 + k, 1_000_000 + k))
    compiled._keep(compiled._kept("sources-3"))
    left = sorted(p.name for p in kept[0].parent.iterdir())
    assert kept[0].name not in left and kept[1].name not in left and len(left) == 2, left
