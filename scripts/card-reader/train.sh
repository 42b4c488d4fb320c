#!/usr/bin/env bash
# Trains the card reader in one command, about 55 minutes on one core, and writes what the app loads:
#   bash scripts/card-reader/train.sh [out folder, default scan-worker/reader]
# 1. real-looking photos from a seed of their own (never the measured corpus's 20261126 or the fresh 20261127);
# 2. the scanner's own pipeline cuts their lines, as it would in the page (measure.mjs with record-engine.ts);
# 3. train.py mixes those lines, labelled from the photos' labels, with synthetic ones.
# Needs Debian's python3-torch, python3-onnx, python3-opencv, python3-numpy, python3-pil and the fonts train.py names.
set -euo pipefail
out=${1:-scan-worker/reader}
work=.cache/card-reader-training
rm -rf "$work"
node scripts/scan-corpus/generate.mjs --count 600 --seed 20261208 --out "$work/photos"
SCAN_ENGINE=scripts/card-reader/record-engine.ts SCAN_RECORD="$work/lines" \
  SCAN_SHIPPED=scan-worker/reader/card-reader.bin node scripts/scan-corpus/measure.mjs "$work/photos" all
/usr/bin/python3 scripts/card-reader/train.py --real "$work/lines" --corpus "$work/photos" --minutes 38 --out "$out"
