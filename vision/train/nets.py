"""The two small networks we ship (as ONNX, run by OpenCV's dnn module), in PyTorch.

- Finder: a fully convolutional net over the frame scaled to 320 px wide; per cell of 8x8
  pixels it says whether a die's box is centred there, the box's size and offset, the top
  face's angle (as cos 4a, sin 4a: a square looks the same every quarter turn) and whether
  the die is cocked. About 140 M multiply-adds for 320x240.
- Embedding: 32x32 face patch -> 64 numbers; faces of any style land apart. A face set is a
  linear model on top of it (vision.teach fits it with numpy).

Both take raw 0..255 BGR floats (the scaling is inside the net).
"""

from __future__ import annotations

import torch
from torch import nn

from vision.patches import PLACE

FINDER_OUT = ("heat", "log_w", "log_h", "dx", "dy", "cos4", "sin4", "cocked")
STRIDE = 8
PAD = 16  # the finder's input sides are padded to a multiple of this (its context branch)
EMBED_DIM = 64
EMBED_WIDTH = 32
# a place's usual middle and 1 / spread (distance 0-0.75 of the width, face side 0.02-0.2)
PLACE_MIDDLE = torch.tensor([0.3, 0.08]).reshape(1, PLACE, 1, 1)
PLACE_SCALE = torch.tensor([4.0, 16.0]).reshape(1, PLACE, 1, 1)


def _cbr(cin: int, cout: int, stride: int = 1) -> list[nn.Module]:
    return [
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    ]


class Finder(nn.Module):
    """Stride-8 cells over the frame; a stride-16 context branch (upsampled and added back)
    lets each cell see about 150 px of the 320-px frame: big dice whole, and enough of the
    surface around a small one to tell a die from wood grain, carpet or a tray's corner."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            *_cbr(3, 16, 2),
            *_cbr(16, 32, 2),
            *_cbr(32, 32),
            *_cbr(32, 48, 2),
            *_cbr(48, 48),
            *_cbr(48, 48),
        )
        self.context = nn.Sequential(*_cbr(48, 64, 2), *_cbr(64, 64), *_cbr(64, 64))
        self.back = nn.Conv2d(64, 48, 1)
        self.head = nn.Sequential(*_cbr(48, 48))
        self.out = nn.Conv2d(48, len(FINDER_OUT), 1)
        bias = self.out.bias
        assert bias is not None
        with torch.no_grad():
            bias.zero_()
            bias[0] = -4.0  # few cells hold a die: start from "none"

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        cells = self.body((x - 128.0) / 64.0)
        wide = nn.functional.interpolate(self.back(self.context(cells)), scale_factor=2.0)
        return self.out(self.head(torch.relu(cells + wide)))


def _patch_body(out: int, width: int) -> nn.Sequential:
    return nn.Sequential(
        *_cbr(3, width),
        *_cbr(width, width),
        nn.MaxPool2d(2),
        *_cbr(width, 2 * width),
        *_cbr(2 * width, 2 * width),
        nn.MaxPool2d(2),
        *_cbr(2 * width, 4 * width),
        *_cbr(4 * width, 4 * width),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(4 * width, out),
    )


class Embedding(nn.Module):
    """32x32 face patch -> EMBED_DIM numbers of unit length. EMBED_WIDTH channels in its
    first layers: at 16 its best guess was right for 0.961 of the real held-out pips, at 32
    (with the richer rendered dice) 0.976, for about 4 ms more per frame of 8 dice here."""

    def __init__(self) -> None:
        super().__init__()
        self.body = _patch_body(EMBED_DIM, EMBED_WIDTH)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = self.body((x - 128.0) / 64.0)
        return e / (e.norm(dim=1, keepdim=True) + 1e-6)


class Cocked(nn.Module):
    """Context patch (48 x 48, the whole die) -> probability that the die leans on
    something: its top face foreshortened, a side face showing more than perspective
    gives. A first stride-2 layer keeps the finer patch as cheap as a face patch."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            *_cbr(3, 16, 2),
            *_cbr(16, 32),
            nn.MaxPool2d(2),
            *_cbr(32, 48),
            *_cbr(48, 48),
            nn.MaxPool2d(2),
            *_cbr(48, 64),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Linear(64, 1),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.body((x - 128.0) / 64.0))


class CockedPlaced(nn.Module):
    """The cocked network that also sees where the die lies in its frame (issue 16): its
    context patch turned so that the frame's middle lies below it, then PLACE constant
    planes, its place (vision.patches.place: distance from the middle and face side, as
    shares of the frame's width). Perspective shows a flat die's sides toward the camera's
    nadir, about the middle for an overhead camera, and more of them further out; a lean
    shows a side anywhere. The place enters as planes (beside every pixel) and again beside
    the pooled features. Made from a `Cocked` (`from_cocked`): at first it is that net."""

    def __init__(self, body: nn.Sequential | None = None) -> None:
        super().__init__()
        self.body = body if body is not None else nn.Sequential(*list(Cocked().body)[:-1])
        first = self.body[0]
        assert isinstance(first, nn.Conv2d)
        if first.in_channels == 3:
            stride = int(first.stride[0])
            wide = nn.Conv2d(3 + PLACE, first.out_channels, 3, stride, 1, bias=False)
            with torch.no_grad():
                wide.weight.zero_()
                wide.weight[:, :3] = first.weight
            self.body[0] = wide
        self.head = nn.Linear(64 + PLACE, 1)

    @classmethod
    def from_cocked(cls, cocked: Cocked) -> CockedPlaced:
        """This net computing what `cocked` computes (the place weighed 0 everywhere)."""
        net = cls(nn.Sequential(*list(cocked.body)[:-1]))
        last = cocked.body[-1]
        assert isinstance(last, nn.Linear)
        with torch.no_grad():
            net.head.weight.zero_()
            net.head.weight[:, :64] = last.weight
            net.head.bias.copy_(last.bias)
        return net

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        image = (x[:, :3] - 128.0) / 64.0
        where = (x[:, 3:] - PLACE_MIDDLE) * PLACE_SCALE
        pooled = self.body(torch.cat([image, where], dim=1))
        return torch.sigmoid(self.head(torch.cat([pooled, where.mean(dim=(2, 3))], dim=1)))


class CosineHead(nn.Module):
    """Training-only classifier over all training classes (not shipped)."""

    def __init__(self, classes: int, scale: float = 16.0) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(classes, EMBED_DIM) * 0.1)
        self.scale = scale

    def forward(self, e: torch.Tensor) -> torch.Tensor:
        w = self.weight / (self.weight.norm(dim=1, keepdim=True) + 1e-6)
        return self.scale * e @ w.t()
