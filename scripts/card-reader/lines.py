"""Synthetic line bands as the scanner's pipeline hands them to the reader (scan-worker/recognize/index.ts): one
line of a card (number, expiry or name) drawn in a card's ways (flat print, embossed and foil-tipped, worn, on
patterns, holograms and glare, camera blur, low resolution and JPEG), then made dark-on-light and stretched
(`textIsLight`, `normalise`), sometimes thresholded (`binarise` at Otsu's level, `adaptive`) as the pipeline's other
views are, padded white and scaled to the reader's height. Each band comes with the text the reader must give."""

import glob
import math
import random as _random

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

import text as content

HEIGHT = 32
ALPHABET = "0123456789/ABCDEFGHIJKLMNOPQRSTUVWXYZ .'-"
# Class 0 is CTC's blank; class i + 1 is ALPHABET[i].
CLASSES = [''] + list(ALPHABET)

FONT_GLOBS = [
    '/usr/share/fonts/truetype/ocr-a/OCRA.ttf', '/usr/share/fonts/truetype/ocr-a/OCRA[BC]*.ttf', '/usr/share/fonts/opentype/ocr-b/OCRB.otf',
    '/usr/share/fonts/opentype/ocr-b/OCRBS.otf', '/usr/share/fonts/opentype/ocr-b/OCRBL.otf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSansMono*.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed*.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
    '/usr/share/fonts/truetype/liberation/Liberation*-Regular.ttf',
    '/usr/share/fonts/truetype/liberation/Liberation*-Bold.ttf',
]


def fonts():
    found = sorted({path for pattern in FONT_GLOBS for path in glob.glob(pattern)})
    ocr = [path for path in found if 'ocr' in path.lower() or 'OCR' in path]
    # OCR-A and OCR-B are what most cards' numbers are printed or embossed in: drawn more often than the rest.
    return found + ocr * 3


def _font(path, size, cache={}):
    key = (path, size)
    if key not in cache:
        cache[key] = ImageFont.truetype(path, size)
    return cache[key]


def _draw_run(draw, font, x, y, string, tracking):
    for character in string:
        draw.text((x, y), character, font=font, fill=255)
        x += font.getlength(character) + tracking
    return x


def _pieces(rng, kind):
    """[(string, scale, read, stacked)]: what is drawn left to right, its size, and whether the reader must read it."""
    if kind == 'number':
        _, groups = content.number(rng)
        return [(group, 1.0, True, False) for group in groups], 'group'
    if kind == 'group':
        return [(''.join(rng.choice('0123456789') for _ in range(4)), 1.0, True, False)], 'group'
    if kind == 'expiry':
        drawn = []
        for piece, is_label in content.expiry(rng):
            if is_label and rng.random() < 0.35 and ' ' in piece:
                drawn.append((piece, rng.uniform(0.32, 0.45), False, True))  # tiny, in two lines: not read
            else:
                drawn.append((piece, rng.uniform(0.5, 0.8) if is_label else 1.0, True, False))
        return drawn, 'word'
    return [(word, 1.0, True, False) for word in content.name(rng).split(' ')], 'word'


def _mask(rng, kind, cap):
    """The text's coverage (0–1) on a canvas at the flattened card's scale, and the label."""
    font_path = rng.choice(FONTS)
    size = max(8, int(cap / 0.72))
    pieces, gap_kind = _pieces(rng, kind)
    base = _font(font_path, size)
    char_width = base.getlength('0') if kind in ('number', 'group', 'expiry') else base.getlength('N')
    tracking = char_width * rng.uniform(-0.05, 0.35)
    # A word's gap is a space's width at least, and grows with the letters' own spacing, as a typesetter's does.
    gap = char_width * (rng.uniform(0.7, 2.0) if gap_kind == 'group' else rng.uniform(0.8, 1.5)) + tracking
    margin = int(char_width * rng.uniform(0.4, 2.5))
    width = margin * 2 + int(sum(
        _font(font_path, max(6, int(size * scale))).getlength(string) + len(string) * tracking * scale + gap
        for string, scale, _, _ in pieces)) + size
    height = int(size * rng.uniform(1.25, 1.9))
    canvas = Image.new('L', (width, height), 0)
    draw = ImageDraw.Draw(canvas)
    baseline_top = (height - size) // 2 + int(size * rng.uniform(-0.12, 0.12))
    x = margin
    label = []
    for string, scale, read, stacked in pieces:
        font = _font(font_path, max(6, int(size * scale)))
        if stacked:
            top, bottom = string.split(' ', 1)
            y = baseline_top + size * 0.1
            _draw_run(draw, font, x, y, top, 0)
            end = _draw_run(draw, font, x, y + size * scale * 1.05, bottom, 0)
            x = max(end, x + font.getlength(top)) + gap
            continue
        y = baseline_top + (size - size * scale) * 0.8
        x = _draw_run(draw, font, x, y, string, tracking * scale) + gap
        if read:
            label.append(string)
    mask = np.asarray(canvas, dtype=np.float32) / 255
    return mask[:, : int(x - gap + margin)], ' '.join(label)


def _smooth_noise(rng, shape, scale):
    small = np.random.default_rng(rng.getrandbits(32)).random(
        (max(2, shape[0] // scale), max(2, shape[1] // scale)), dtype=np.float32)
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def _background(rng, shape, busy=1.0):
    h, w = shape
    tone = rng.choice([rng.uniform(10, 70), rng.uniform(70, 170), rng.uniform(170, 245)])
    bg = np.full(shape, tone, np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if rng.random() < 0.6:  # a gradient across the card
        ramp = np.linspace(0, 1, w, dtype=np.float32)[None, :] * rng.uniform(-60, 60)
        bg += ramp + np.linspace(0, 1, h, dtype=np.float32)[:, None] * rng.uniform(-30, 30)
    if rng.random() < 0.5:  # artwork: smooth blotches
        bg += (_smooth_noise(rng, shape, rng.randint(8, 60)) - 0.5) * rng.uniform(20, 90) * busy
    if rng.random() < 0.3:  # guilloche-like lines
        period = rng.uniform(3, 14)
        phase = np.sin(xx / rng.uniform(10, 60)) * rng.uniform(2, 10)
        bg += np.sin((yy + phase + xx * rng.uniform(-0.5, 0.5)) / period * 2 * math.pi) * rng.uniform(6, 35) * busy
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if rng.random() < 0.15:  # a hologram under part of the number: bright, busy, rainbow-banded
        left = rng.uniform(0, w * 0.8)
        span = rng.uniform(0.15, 0.45) * w
        patch = ((xx > left) & (xx < left + span)).astype(np.float32)
        patch = cv2.GaussianBlur(patch, (0, 0), 3)
        texture = 128 + 80 * np.sin(xx / rng.uniform(1.5, 5) + yy / rng.uniform(2, 8)) + _smooth_noise(rng, (h, w), 4) * 60
        bg = bg * (1 - patch * 0.8) + texture * patch * 0.8
    return bg


def _emboss(rng, mask, bg):
    """Raised digits: a face (foil-tipped or card-coloured) lit from one side, a shadow on the other."""
    angle = rng.uniform(0, 2 * math.pi)
    depth = rng.uniform(0.6, 2.2)
    dx, dy = math.cos(angle) * depth, math.sin(angle) * depth
    lit = cv2.warpAffine(mask, np.float32([[1, 0, -dx], [0, 1, -dy]]), mask.shape[::-1])
    dark = cv2.warpAffine(mask, np.float32([[1, 0, dx], [0, 1, dy]]), mask.shape[::-1])
    face_kind = rng.random()
    if face_kind < 0.35:
        face = rng.uniform(195, 250)  # silver foil
    elif face_kind < 0.5:
        face = rng.uniform(150, 215)  # gold foil, in grey
    elif face_kind < 0.65:
        face = rng.uniform(5, 60)  # black tipping
    else:
        face = float(np.median(bg)) + rng.uniform(-25, 25)  # untipped: the card's own colour, little contrast
    out = bg + np.clip(lit - mask, 0, 1) * rng.uniform(15, 70) - np.clip(dark - mask, 0, 1) * rng.uniform(15, 80)
    out = out * (1 - mask) + (face + (_smooth_noise(rng, mask.shape, 6) - 0.5) * rng.uniform(0, 50)) * mask
    return out


def _wear(rng, mask):
    if rng.random() < 0.25:
        holes = _smooth_noise(rng, mask.shape, rng.randint(2, 6)) > rng.uniform(0.65, 0.85)
        mask = mask * np.where(holes, rng.uniform(0, 0.5), 1).astype(np.float32)
    return mask


def _light(rng, image):
    h, w = image.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if rng.random() < 0.25:  # a glare stripe across the line
        slope = rng.uniform(-2, 2)
        centre = rng.uniform(0, w)
        width = rng.uniform(0.05, 0.3) * w
        stripe = np.exp(-(((xx + yy * slope) - centre) / width) ** 2)
        image = image + stripe * rng.uniform(40, 140)
    return image


def _camera(rng, image, final_height):
    h = image.shape[0]
    if rng.random() < 0.3:  # motion blur
        size = rng.randint(3, 9)
        kernel = np.zeros((size, size), np.float32)
        kernel[size // 2, :] = 1 / size
        rotation = cv2.getRotationMatrix2D((size / 2 - 0.5, size / 2 - 0.5), rng.uniform(-30, 30), 1)
        image = cv2.filter2D(image, -1, cv2.warpAffine(kernel, rotation, (size, size)))
    low = final_height * (rng.uniform(0.35, 1) if rng.random() < 0.4 else 1)
    small = cv2.resize(image, (max(4, int(image.shape[1] * low / h)), max(4, int(low))), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.4:
        small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.3))
    small = small + np.random.default_rng(rng.getrandbits(32)).normal(0, rng.uniform(0, 10), small.shape)
    image = np.clip(cv2.resize(small, (int(image.shape[1] * final_height / h), final_height),
                               interpolation=cv2.INTER_LINEAR), 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, jpeg = cv2.imencode('.jpg', image, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(25, 95)])
        image = cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)
    return image.astype(np.float32)


def text_is_light(band):
    """scan-worker/recognize/thresholds.ts `textIsLight`."""
    flat = np.sort(band.ravel())
    n = flat.size
    median, low, high = flat[n // 2], flat[int(n * 0.03)], flat[int(n * 0.97)]
    return high - median > median - low


def normalise(band, invert):
    """thresholds.ts `normalise`: the 1st–99th percentiles stretched to 0–255, inverted when the text is light."""
    flat = np.sort(band.ravel())
    lo, hi = flat[int(flat.size * 0.01)], flat[int(flat.size * 0.99)]
    out = np.clip((band - lo) * 255 / max(1, hi - lo), 0, 255)
    return 255 - out if invert else out


def otsu(band):
    level, _ = cv2.threshold(band.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return np.where(band <= level, 0, 255).astype(np.float32)


def adaptive(band, radius, offset):
    mean = cv2.boxFilter(band, -1, (radius * 2 + 1, radius * 2 + 1), borderType=cv2.BORDER_REPLICATE)
    return np.where(band < mean - offset, 0, 255).astype(np.float32)


def to_input(band):
    """grey.ts `resizeToHeight` (area averaging) to the reader's height; the width is kept a multiple of 4 by
    padding white on the right, as the page's reader does."""
    width = max(HEIGHT, round(band.shape[1] * HEIGHT / band.shape[0]))
    scaled = cv2.resize(band.astype(np.float32), (width, HEIGHT), interpolation=cv2.INTER_AREA)
    padded = np.full((HEIGHT, (width + 3) // 4 * 4), 255, np.float32)
    padded[:, :width] = scaled
    return np.clip(np.round(padded), 0, 255).astype(np.uint8)


def _style(rng, mask, bg):
    """The text on the card: embossed, or printed in an ink that stands out (little, at times)."""
    if rng.random() < 0.45:
        return _emboss(rng, mask, bg)
    card = float(np.median(bg))
    # Light ink on a dark card, dark on a light one, either on a mid-tone one.
    light_ink = card < 90 or (card < 170 and rng.random() < 0.5)
    ink = rng.uniform(max(card + 60, 170), 255) if light_ink else rng.uniform(0, min(card - 60, 90))
    if rng.random() < 0.15:  # little contrast: ink close to the card's colour
        ink = card + rng.choice([-1, 1]) * rng.uniform(25, 45)
    return bg * (1 - mask) + ink * mask


KINDS = ['number'] * 10 + ['group'] + ['expiry'] * 5 + ['name'] * 5


def band(rng: _random.Random):
    """One synthetic band as the reader gets it (uint8, HEIGHT high) and the text it must read."""
    kind = rng.choice(KINDS)
    line = rng.uniform(28, 64)  # the text's height on the flattened card, in its pixels
    mask, label = _mask(rng, kind, line * rng.uniform(0.55, 0.8))
    if rng.random() < 0.03:
        mask, label = mask * 0, ''  # an empty band: artwork only, nothing to read
    mask = _wear(rng, mask)
    for _ in range(6):
        bg = _background(rng, mask.shape, rng.uniform(0.2, 1))
        image = _style(rng, mask, bg)
        # A band whose text a person could not make out either teaches the reader to invent text: drawn again.
        near = cv2.dilate((mask > 0.3).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        if not label or float(np.abs(image - bg)[near].mean()) > max(14.0, 0.7 * float(bg.std())):
            break
    image = _light(rng, np.clip(image, 0, 255))
    angle, shear = rng.uniform(-2.5, 2.5), rng.uniform(-0.15, 0.15)
    h, w = image.shape
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1)
    matrix[0, 1] += shear
    image = cv2.warpAffine(np.clip(image, 0, 255), matrix, (w, h), borderMode=cv2.BORDER_REPLICATE)
    raw = _camera(rng, image, h)
    invert = text_is_light(raw)
    if rng.random() < 0.15:
        invert = not invert  # the pipeline's other-polarity view
    flat = normalise(raw, invert)
    view = rng.random()
    if view < 0.15:
        flat = otsu(flat)
    elif view < 0.23:
        flat = adaptive(flat, max(1, round(flat.shape[0] / 2)), 10)
    margin = 16 if kind in ('number', 'group') else 12
    padded = np.full((flat.shape[0] + margin * 2, flat.shape[1] + margin * 2), 255, np.float32)
    padded[margin:-margin, margin:-margin] = flat
    return to_input(padded), label


FONTS = fonts()


def encode(label):
    return [ALPHABET.index(character) + 1 for character in label]
