"""Start a fine-tune from a shipped ONNX file rather than a PyTorch checkpoint.

The checkpoints of the runs that made the shipped networks (var/train/*.pt) are not kept,
but their ONNX files are: the export folded each batch norm into the convolution before
it. `restore` puts those weights back into our PyTorch nets (vision.train.nets) and
unfolds every batch norm again with the statistics its input has on `samples`, so that
the net computes the same function in eval mode and, on batches like `samples`, in
training mode too (a fine-tune then starts where the shipped file is, not from a net that
its first batch's statistics knock off).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import numpy_helper
from torch import nn


def _weights(path: Path) -> list[tuple[np.ndarray, np.ndarray]]:
    """(weight, bias) of each Conv and Gemm node of the file, in the graph's order."""
    model = onnx.load(str(path))
    stored = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    out = []
    for node in model.graph.node:
        if node.op_type in ("Conv", "Gemm"):
            weight = stored[node.input[1]]
            bias = stored[node.input[2]] if len(node.input) > 2 else np.zeros(weight.shape[0])
            out.append((weight, bias))
    return out


def restore(net: nn.Module, path: Path, samples: torch.Tensor) -> nn.Module:
    """`net` (untrained, of the file's architecture) with the weights of ONNX file `path`;
    its batch norms set from their inputs on `samples` (a batch the net will learn from).
    Raises ValueError when the file's layers are not the net's."""
    layers = [m for m in net.modules() if isinstance(m, nn.Conv2d | nn.Linear)]
    norms: dict[nn.Module, nn.BatchNorm2d] = {}
    modules = list(net.modules())
    for i, m in enumerate(modules):
        if isinstance(m, nn.BatchNorm2d) and isinstance(modules[i - 1], nn.Conv2d):
            norms[modules[i - 1]] = m
    stored = _weights(path)
    if len(stored) != len(layers) or any(
        tuple(w.shape) != tuple(m.weight.shape) for (w, _), m in zip(stored, layers, strict=True)
    ):
        raise ValueError(f"{path.name} does not hold the layers of {type(net).__name__}")
    folded: list[tuple[nn.BatchNorm2d, torch.Tensor]] = []
    with torch.no_grad():
        for (weight, bias), layer in zip(stored, layers, strict=True):
            layer.weight.copy_(torch.from_numpy(np.array(weight, np.float32)))
            b = torch.from_numpy(bias.astype(np.float32))
            norm = norms.get(layer)
            if norm is None:
                assert layer.bias is not None
                layer.bias.copy_(b)
                continue
            # first an identity norm that adds the folded bias: the file's function exactly
            mean, var = _stats(norm)
            mean.zero_()
            var.fill_(1.0 - norm.eps)
            norm.weight.fill_(1.0)
            norm.bias.copy_(b)
            folded.append((norm, b))
    # then each norm's input statistics on the samples, and the norm rewritten to use them
    # (y = (x - m) / sqrt(v + eps) * sqrt(v + eps) + m + b = x + b, now also in training)
    seen: dict[nn.BatchNorm2d, tuple[torch.Tensor, torch.Tensor]] = {}

    def watch(norm: nn.BatchNorm2d) -> Callable[..., None]:
        def hook(_: nn.Module, inputs: tuple[torch.Tensor, ...], __: torch.Tensor) -> None:
            x = inputs[0].transpose(0, 1).reshape(inputs[0].shape[1], -1)
            seen[norm] = (x.mean(dim=1), x.var(dim=1))

        return hook

    handles = [norm.register_forward_hook(watch(norm)) for norm, _ in folded]
    net.eval()
    with torch.no_grad():
        net(samples)
    for h in handles:
        h.remove()
    with torch.no_grad():
        for norm, b in folded:
            mean, var = seen[norm]
            running_mean, running_var = _stats(norm)
            running_mean.copy_(mean)
            running_var.copy_(var)
            norm.weight.copy_(torch.sqrt(var + norm.eps))
            norm.bias.copy_(mean + b)
    return net


def _stats(norm: nn.BatchNorm2d) -> tuple[torch.Tensor, torch.Tensor]:
    assert norm.running_mean is not None and norm.running_var is not None
    return norm.running_mean, norm.running_var
