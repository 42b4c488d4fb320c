"""Trains the card reader on synthetic bands (lines.py) mixed with bands the scanner cut from generated real-looking
photos (real.py), and writes what the app loads (export.py). Run through train.sh, which makes those photos first:

    /usr/bin/python3 scripts/card-reader/train.py --real <recorded lines> --corpus <their photos> [--minutes 38]
        [--out scan-worker/reader]

Needs Debian's python3-torch, python3-onnx, python3-opencv, python3-numpy and python3-pil, and its fonts-ocr-a,
fonts-ocr-b, fonts-dejavu-core, fonts-dejavu-extra and fonts-liberation packages (Debian's own python3: one a version
manager puts earlier on the PATH may not see Debian's modules). Seeded: the same packages draw the same bands; the
weights also depend on how many batches fit in the time given (written to training.json)."""

import argparse
import json
import os
import random
import sys
import time

import numpy as np
import torch
from torch import nn

sys.path.insert(0, os.path.dirname(__file__))
import lines  # noqa: E402
import real  # noqa: E402
from export import export  # noqa: E402
from model import Reader  # noqa: E402

SEED = 20261207
BATCH = 32
PEAK_LR = 3e-3
# The share of bands taken from the recorded photos: enough to learn how the pipeline cuts real lines, while the
# synthetic ones keep every face, colour and grouping the photos happen not to show.
REAL_SHARE = 0.4


class Bands(torch.utils.data.IterableDataset):
    def __init__(self, seed, recorded):
        self.seed = seed
        self.recorded = recorded

    def one(self, rng):
        if self.recorded and rng.random() < REAL_SHARE:
            band, label = rng.choice(self.recorded)
            return real.vary(rng, band), label
        return lines.band(rng)

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        rng = random.Random(self.seed * 100 + (info.id if info else 0))
        while True:
            # Bands of like widths batched together: a batch is padded to its widest band, and padding is wasted work.
            pool = sorted((self.one(rng) for _ in range(BATCH * 8)), key=lambda item: item[0].shape[1])
            batches = [pool[at:at + BATCH] for at in range(0, len(pool), BATCH)]
            rng.shuffle(batches)
            for batch in batches:
                yield from batch


def collate(items):
    width = max(image.shape[1] for image, _ in items)
    batch = np.full((len(items), 1, lines.HEIGHT, width), 255, np.uint8)
    for index, (image, _) in enumerate(items):
        batch[index, 0, :, : image.shape[1]] = image
    targets = [lines.encode(label) for _, label in items]
    return (torch.from_numpy(batch).float() / 255, torch.tensor([t for ts in targets for t in ts], dtype=torch.long),
            torch.tensor([len(t) for t in targets], dtype=torch.long),
            torch.tensor([image.shape[1] // 2 for image, _ in items], dtype=torch.long), [label for _, label in items])


def greedy(logits):
    best = logits.argmax(-1).tolist()
    text, previous = [], 0
    for index in best:
        if index and index != previous:
            text.append(lines.CLASSES[index])
        previous = index
    return ''.join(text)


def evaluate(model, held):
    model.eval()
    right = 0
    with torch.no_grad():
        for image, label in held:
            logits = model(torch.from_numpy(image).float()[None, None] / 255)[0]
            right += greedy(logits) == label
    model.train()
    return right / len(held)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--minutes', type=float, default=38)
    parser.add_argument('--out', default='scan-worker/reader')
    parser.add_argument('--real', required=True)
    parser.add_argument('--corpus', required=True)
    args = parser.parse_args()
    # Made first: an hour's training must never be lost to a missing folder at the end.
    os.makedirs(args.out, exist_ok=True)
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    held_rng = random.Random(SEED + 1)
    held = [lines.band(held_rng) for _ in range(600)]
    recorded = real.load(args.real, args.corpus)
    # The bands of every twentieth photo are kept out (all its views: they are near copies of each other), to show how
    # the reader does on lines it never trained on.
    kept_out = sorted({photo for _, _, photo in recorded})[::20]
    held_real = [(band, text) for band, text, photo in recorded if photo in kept_out]
    recorded = [(band, text) for band, text, photo in recorded if photo not in kept_out]
    print(f'{len(recorded)} recorded bands to train on, {len(held_real)} kept out', flush=True)
    loader = torch.utils.data.DataLoader(Bands(SEED, recorded), batch_size=BATCH, collate_fn=collate, num_workers=1,
                                         prefetch_factor=8, persistent_workers=True)
    model = Reader()
    print(f'{sum(p.numel() for p in model.parameters())} parameters', flush=True)
    budget = args.minutes * 60
    optimiser = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, weight_decay=1e-4)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    start = time.time()
    step, running = 0, 0.0
    for images, targets, target_lengths, input_lengths, _ in loader:
        elapsed = time.time() - start
        if elapsed > budget:
            break
        # One cycle: warm up for the first 5 % of the time, then a cosine down to nothing.
        share = elapsed / budget
        lr = PEAK_LR * (share / 0.05 if share < 0.05 else 0.5 * (1 + np.cos(np.pi * (share - 0.05) / 0.95)))
        for group in optimiser.param_groups:
            group['lr'] = lr
        logits = model(images)
        loss = ctc(logits.log_softmax(-1).permute(1, 0, 2), targets, input_lengths, target_lengths)
        optimiser.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 5)
        optimiser.step()
        step += 1
        running = 0.98 * running + 0.02 * loss.item()
        if step % 200 == 0:
            print(f'{elapsed / 60:5.1f} min  step {step}  loss {running:.3f}  lr {lr:.5f}', flush=True)
        if step % 1000 == 0:
            print(f'  read exactly: synthetic {evaluate(model, held):.3f}, recorded {evaluate(model, held_real):.3f}',
                  flush=True)
    accuracy, accuracy_real = evaluate(model, held), evaluate(model, held_real)
    print(f'{step} batches of {BATCH} in {(time.time() - start) / 60:.1f} min; held-out bands exact {accuracy:.3f}, '
          f'kept-out recorded bands exact {accuracy_real:.3f}')
    model.eval()
    torch.save(model.state_dict(), os.path.join(args.out, 'reader.pt'))
    export(model, args.out, held[:6])
    with open(os.path.join(args.out, 'training.json'), 'w') as file:
        json.dump({'seed': SEED, 'batches': step, 'batch': BATCH, 'heldOutExact': round(accuracy, 4),
                   'recordedBands': len(recorded), 'keptOutRecordedExact': round(accuracy_real, 4)}, file, indent=1)


if __name__ == '__main__':
    main()
