"""A fine-tune can start from a shipped ONNX file (vision.train.from_onnx): the restored
PyTorch net computes what the file computes. Needs the train extra (PyTorch, onnx)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")

from vision import paths  # noqa: E402
from vision.train.d4_vertices import D4Vertices  # noqa: E402
from vision.train.from_onnx import restore  # noqa: E402
from vision.train.nets import Embedding, Finder  # noqa: E402


def _frames(n: int, h: int, w: int) -> np.ndarray:
    rng = np.random.default_rng(3)
    smooth = [cv2.GaussianBlur(rng.uniform(0, 255, (h, w, 3)), (0, 0), 2.0) for _ in range(n)]
    return np.stack(smooth).astype(np.float32).transpose(0, 3, 1, 2)


@pytest.mark.parametrize(
    ("name", "net", "shape"),
    [
        ("finder.onnx", Finder, (96, 128)),
        ("embedding-pips.onnx", Embedding, (32, 32)),
        ("d4-vertices.onnx", D4Vertices, (64, 64)),  # (d4-vertices --start)
    ],
)
def test_a_restored_net_computes_what_its_file_computes(
    name: str, net: type[torch.nn.Module], shape: tuple[int, int]
) -> None:
    x = _frames(6, *shape)
    restored = restore(net(), paths.MODELS / name, torch.from_numpy(x))
    dnn = cv2.dnn.readNetFromONNX(str(paths.MODELS / name))
    dnn.setInput(x)
    theirs = dnn.forward()
    for mode in ("eval", "train"):  # a fine-tune's first batches see the same function
        getattr(restored, mode)()
        with torch.no_grad():
            mine = restored(torch.from_numpy(x)).numpy()
        assert np.abs(mine - theirs).max() < 2e-3 * max(1.0, float(np.abs(theirs).max())), mode


def test_a_file_of_other_layers_is_refused() -> None:
    with pytest.raises(ValueError, match="does not hold the layers"):
        restore(Finder(), paths.MODELS / "embedding.onnx", torch.zeros(1, 3, 64, 64))
