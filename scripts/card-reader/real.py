"""Lines cut from real-looking photos exactly as the scanner cuts them, labelled from the corpus's labels.json.

record-engine.ts (through measure.mjs, `SCAN_RECORD=<dir>`) keeps every band the pipeline hands the reader, with the
kind of line it was taken for and what the committed reader read there. Here each band is given the text the card
printed on it, or left out when no printed text fits it closely enough: a band that missed its line (an edge, the
network's mark) must not teach the reader to find text where there is none of the card's."""

import json
import os
import random as _random

import cv2
import numpy as np

from lines import ALPHABET

# A band is given a printed text when at most this share of the text's characters must change to read it.
CLOSE = 0.34
WORDS = ['VALID THRU', 'GOOD THRU', 'VALID FROM', 'MONTH/YEAR', 'VALID', 'THRU', 'GOOD', 'FROM']


def distance(a, b):
    """Levenshtein distance."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ca != cb))
    return row[-1]


def closest(read, texts):
    best = min(texts, key=lambda text: distance(read, text), default=None)
    if best is None or not read:
        return None
    return best if distance(read, best) <= max(1, CLOSE * len(best)) else None


def grouped(label):
    sizes = [int(size) for size in label['grouping'].split('-')] if label.get('grouping') else [4, 4, 4, 4, 3]
    groups, start = [], 0
    for size in sizes:
        if start < len(label['number']):
            groups.append(label['number'][start:start + size])
        start += size
    return groups


def printed_below(label):
    """Every text a line under the number may carry: the holder, a company, a network's mark ('AMERICAN EXPRESS'),
    a date alone, with its words, or both dates side by side."""
    dates = (label.get('expiryPrinted') or label['expiry']).split(' ')
    named = (label.get('name'), label.get('company'), (label.get('mark') or '').upper())
    texts = [text for text in named if text] + dates + WORDS + [' '.join(dates)]
    texts += [f'{words} {date}' for words in WORDS[:3] for date in dates]
    return texts


def label_for(line, label):
    read = line['text']
    if line['kind'] == 'number':
        groups = grouped(label)
        if label.get('layout') == 'vertical':
            return closest(read, groups)
        number = ' '.join(groups)
        digits = read.replace(' ', '')
        # The number's band: its label is the number as printed, when the band holds most of it.
        return number if distance(digits, label['number']) <= 0.5 * len(label['number']) else None
    return closest(read, printed_below(label))


def load(folder, corpus):
    """(band, label, photo) triples: bands uint8, HEIGHT high, as the page's reader gets them."""
    labels = {label['file']: label for label in json.load(open(os.path.join(corpus, 'labels.json')))['labels']}
    pairs = []
    with open(os.path.join(folder, 'lines.jsonl')) as index:
        for entry in map(json.loads, index):
            label = labels.get(entry['photo'])
            if label is None:
                continue
            text = label_for(entry, label)
            # A line it has no classes for ('FABRIKAM & CO') is one it cannot be taught to read.
            if text is None or any(character not in ALPHABET for character in text):
                continue
            raw = np.fromfile(os.path.join(folder, 'lines', entry['file']), np.uint8)
            pairs.append((raw.reshape(int(entry['height']), int(entry['width'])), text, entry['photo']))
    return pairs


def vary(rng: _random.Random, band):
    """A recorded band seen again a little differently: narrower or wider, lighter or darker, with sensor noise."""
    height, width = band.shape
    scaled = max(height, round(width * rng.uniform(0.88, 1.12) / 4) * 4)
    image = cv2.resize(band.astype(np.float32), (scaled, height), interpolation=cv2.INTER_AREA)
    image = image * rng.uniform(0.85, 1.1) + rng.uniform(-20, 20)
    image += np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(0, 8), image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)
