"""Writes the trained reader as the app loads it: `card-reader.onnx` (for an ONNX runtime), `card-reader.bin` with
`card-reader.json` (fp16 weights and the layers' shapes, for a graph written in tensor ops), and reference bands
with what the network computes on them, so a test shows the browser computes the same."""

import json
import os

import cv2
import numpy as np
import torch

from lines import CLASSES
from model import LAYERS, Fused


def export(reader, out, bands):
    os.makedirs(out, exist_ok=True)
    fused = Fused(reader).eval()
    # The app loads fp16 weights; the references are computed from the same rounded values.
    with torch.no_grad():
        for parameter in fused.parameters():
            parameter.copy_(parameter.half().float())
    sample = torch.ones(1, 1, 32, 128)
    torch.onnx.export(fused, sample, os.path.join(out, 'card-reader.onnx'), input_names=['band'],
                      output_names=['classes'], dynamic_axes={'band': {3: 'width'}, 'classes': {1: 'steps'}},
                      opset_version=13, do_constant_folding=True)
    layers, chunks, offset = [], [], 0
    for conv, (_, _, kernel, _, _, pool) in zip([*fused.convs, fused.head], [*LAYERS, (None,) * 6]):
        weight = conv.weight.detach().numpy().astype(np.float16)
        bias = conv.bias.detach().numpy().astype(np.float16)
        layers.append({'shape': list(weight.shape), 'padding': list(conv.padding), 'dilation': list(conv.dilation),
                       'pool': list(pool) if pool else None, 'relu': kernel is not None, 'offset': offset})
        for array in (weight, bias):
            chunks.append(array.tobytes())
            offset += array.size
    with open(os.path.join(out, 'card-reader.bin'), 'wb') as file:
        file.write(b''.join(chunks))
    references = []
    with torch.no_grad():
        for index, (image, label) in enumerate(bands):
            name = f'band-{index}.png'
            cv2.imwrite(os.path.join(out, 'reference', name) if os.path.isdir(os.path.join(out, 'reference'))
                        else _mkdir(out, name), image)
            probabilities = fused(torch.from_numpy(image).float()[None, None] / 255)[0].numpy()
            best = probabilities.argmax(-1).tolist()
            read = ''.join(CLASSES[b] for i, b in enumerate(best) if b and (i == 0 or b != best[i - 1]))
            references.append({'band': name, 'label': label, 'read': read, 'best': best,
                               'top': [round(float(p), 4) for p in probabilities.max(-1)]})
    with open(os.path.join(out, 'card-reader.json'), 'w') as file:
        json.dump({'classes': CLASSES, 'height': 32, 'layers': layers}, file, indent=1)
    with open(os.path.join(out, 'reference', 'reference.json'), 'w') as file:
        json.dump(references, file, separators=(',', ':'))


def _mkdir(out, name):
    os.makedirs(os.path.join(out, 'reference'), exist_ok=True)
    return os.path.join(out, 'reference', name)
