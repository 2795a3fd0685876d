"""Every learning test keeps its sets and examples in folders of its own, never the user's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from learning_support import Person, teach_from_frames

from vision.learning.flow import TeachFlow


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield


@pytest.fixture(scope="session")
def taught() -> tuple[TeachFlow, Person]:
    """The teaching flow run once on the origins teaching frames, sorted by a Person."""
    return teach_from_frames("teach")
