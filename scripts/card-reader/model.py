"""The card reader's network: a CRNN without recurrence. Four conv blocks take a 32-px-high grey band down to one
row of columns (every other pixel column of the input), two more look along the line a few characters either way,
and a per-column head gives each column's likelihood of each class (CTC's blank first). Only convolutions, ReLU and
max pooling: any runtime has them, and a graph of a few dozen tensor operations can be written out by hand."""

import torch
from torch import nn

from lines import CLASSES

# (in, out, kernel, padding, dilation, pool after); each conv is followed by batch norm and ReLU.
LAYERS = [
    (1, 16, (3, 3), (1, 1), (1, 1), (2, 2)),
    (16, 32, (3, 3), (1, 1), (1, 1), (2, 1)),
    (32, 48, (3, 3), (1, 1), (1, 1), (2, 1)),
    (48, 64, (3, 3), (1, 1), (1, 1), (2, 1)),
    (64, 96, (2, 1), (0, 0), (1, 1), None),
    (96, 96, (1, 3), (0, 1), (1, 1), None),
    (96, 96, (1, 3), (0, 2), (1, 2), None),
]


class Reader(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv2d(i, o, k, padding=p, dilation=d, bias=False) for i, o, k, p, d, _ in LAYERS)
        self.norms = nn.ModuleList(nn.BatchNorm2d(o) for _, o, *_ in LAYERS)
        self.head = nn.Conv2d(LAYERS[-1][1], len(CLASSES), 1)

    def forward(self, x):
        """x: [batch, 1, 32, width] with 0 for black and 1 for white; returns [batch, width / 2, classes] logits."""
        x = x * 2 - 1
        for conv, norm, (*_, pool) in zip(self.convs, self.norms, LAYERS):
            x = torch.relu(norm(conv(x)))
            if pool:
                x = nn.functional.max_pool2d(x, pool)
        return self.head(x).squeeze(2).permute(0, 2, 1)


class Fused(nn.Module):
    """The trained reader with each batch norm folded into its conv's weights and a bias: what is exported."""

    def __init__(self, reader: Reader):
        super().__init__()
        self.convs = nn.ModuleList()
        for conv, norm in zip(reader.convs, reader.norms):
            scale = norm.weight / torch.sqrt(norm.running_var + norm.eps)
            fused = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, padding=conv.padding,
                              dilation=conv.dilation)
            fused.weight.data = conv.weight.data * scale[:, None, None, None]
            fused.bias.data = norm.bias.data - norm.running_mean * scale
            self.convs.append(fused)
        self.head = reader.head

    def forward(self, x):
        x = x * 2 - 1
        for conv, (*_, pool) in zip(self.convs, LAYERS):
            x = torch.relu(conv(x))
            if pool:
                x = nn.functional.max_pool2d(x, pool)
        return torch.softmax(self.head(x).squeeze(2).permute(0, 2, 1), dim=-1)
