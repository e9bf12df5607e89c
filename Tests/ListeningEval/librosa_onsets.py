"""Prints librosa's onsets for each WAV file named on the command line, one JSON line per file:
{"file": path, "onsets": [seconds, ...]}, with onset_detect's defaults. One process for many
files, because importing librosa takes seconds."""

import json
import sys

import librosa

for path in sys.argv[1:]:
    y, sr = librosa.load(path, sr=None, mono=True)
    onsets = librosa.onset.onset_detect(y=y, sr=sr, units="time", backtrack=False)
    print(json.dumps({"file": path, "onsets": [float(t) for t in onsets]}), flush=True)
