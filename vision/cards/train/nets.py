"""The card networks in PyTorch (trained here, shipped as ONNX, run by OpenCV's dnn).

- CardFinder: a small encoder-decoder over the frame scaled so its longer side is
  vision.cards.finder.SIDE px; per cell of 4x4 px: is a card's centre here, the card's long
  and short sides, the centre's offset in the cell, the long axis' turn (cos 2a, sin 2a: a
  card looks alike turned half way round). Its widest cells see about the whole frame, so
  one card filling the frame is found as well as ten small ones.
- CardEmbedding: a card cut out and made upright (vision.cards.patches, W x H portrait)
  -> EMBED_DIM numbers of unit length; a card set is a linear model on top.

Both take raw 0..255 BGR floats.
"""

from __future__ import annotations

import torch
from torch import nn

FINDER_OUT = ("heat", "log_long", "log_short", "dx", "dy", "cos2", "sin2")
EMBED_DIM = 64


def cbr(cin: int, cout: int, stride: int = 1, dilation: int = 1, k: int = 3) -> nn.Sequential:
    pad = dilation * (k // 2)
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride, pad, dilation=dilation, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class CardFinder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.e1 = cbr(3, 12, 2)  # /2
        self.e2 = nn.Sequential(cbr(12, 16, 2), cbr(16, 16))  # /4
        self.e3 = nn.Sequential(cbr(16, 32, 2), cbr(32, 32))  # /8
        self.e4 = nn.Sequential(cbr(32, 48, 2), cbr(48, 48), cbr(48, 48, dilation=2))  # /16
        self.e5 = nn.Sequential(cbr(48, 64, 2), cbr(64, 64, dilation=2))  # /32
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.d4 = cbr(64 + 48, 48)
        self.d3 = cbr(48 + 32, 32)
        self.d2 = nn.Sequential(cbr(32 + 16, 16, k=1), cbr(16, 16))
        self.head = nn.Conv2d(16, len(FINDER_OUT), 1)
        bias = self.head.bias
        assert bias is not None
        with torch.no_grad():
            bias.zero_()
            bias[0] = -4.0  # few cells hold a card's centre

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = (x - 128.0) / 64.0
        s2 = self.e2(self.e1(x))
        s3 = self.e3(s2)
        s4 = self.e4(s3)
        s5 = self.e5(s4)
        y = self.d4(torch.cat([self.up(s5), s4], 1))
        y = self.d3(torch.cat([self.up(y), s3], 1))
        y = self.d2(torch.cat([self.up(y), s2], 1))
        return self.head(y)


class CardEmbedding(nn.Module):
    """An upright card (3 x H x W) -> EMBED_DIM numbers of unit length."""

    def __init__(self, width: int = 24) -> None:
        super().__init__()
        w = width
        self.body = nn.Sequential(
            cbr(3, w, 2),
            cbr(w, 2 * w),
            nn.MaxPool2d(2),
            cbr(2 * w, 3 * w),
            cbr(3 * w, 3 * w),
            nn.MaxPool2d(2),
            cbr(3 * w, 4 * w),
            cbr(4 * w, 4 * w),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Linear(4 * w, EMBED_DIM),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = self.body((x - 128.0) / 64.0)
        return e / (e.norm(dim=1, keepdim=True) + 1e-6)
