"""Spells the triads and seventh chords on every degree of each seven-note scale type on the 21
tonics with music21, as an oracle for MusicTheory's DiatonicChord (DiatonicChordOracleTests).

The scale degrees are written here from the published definitions, not read from the Swift
table; music21 transposes the tonic by each interval, the chords are stacked from every other
note of the scale, and music21 names each chord's quality itself from its pitches
(`Chord.commonName`), so a wrong interval, a wrong spelling or a wrong quality in the app shows
up as a difference. A scale whose spelling needs more than a double sharp or flat is left out,
as the app refuses it. Prints one line per scale and tonic,
"name|tonic|triads|sevenths", each chord as "notes=quality" and the chords joined by ", ",
with the app's accidentals (b, bb, #, x). Run: python3 music21_chords.py > music21_chords.txt
"""

from music21 import chord, interval, pitch

SCALES = [
    ("major", "P1 M2 M3 P4 P5 M6 M7"),
    ("dorian", "P1 M2 m3 P4 P5 M6 m7"),
    ("phrygian", "P1 m2 m3 P4 P5 m6 m7"),
    ("lydian", "P1 M2 M3 A4 P5 M6 M7"),
    ("mixolydian", "P1 M2 M3 P4 P5 M6 m7"),
    ("natural minor", "P1 M2 m3 P4 P5 m6 m7"),
    ("locrian", "P1 m2 m3 P4 d5 m6 m7"),
    ("harmonic minor", "P1 M2 m3 P4 P5 m6 M7"),
    ("melodic minor", "P1 M2 m3 P4 P5 M6 M7"),
    ("phrygian dominant", "P1 m2 M3 P4 P5 m6 m7"),
    ("lydian dominant", "P1 M2 M3 A4 P5 M6 m7"),
    ("hungarian minor", "P1 M2 m3 A4 P5 m6 M7"),
    ("double harmonic", "P1 m2 M3 P4 P5 m6 M7"),
    ("todi", "P1 m2 m3 A4 P5 m6 M7"),
    ("purvi", "P1 m2 M3 A4 P5 m6 M7"),
    ("marwa", "P1 m2 M3 A4 P5 M6 M7"),
]

TONICS = [letter + accidental for letter in "CDEFGAB" for accidental in ("-", "", "#")]

APP_ACCIDENTALS = {"": "", "-": "b", "--": "bb", "#": "#", "##": "x"}


def app_name(p):
    """music21's "E--" and "F##" as the app writes them: "Ebb" and "Fx"."""
    return p.step + APP_ACCIDENTALS[p.accidental.modifier if p.accidental else ""]


def spellable(notes):
    return all((n.accidental.modifier if n.accidental else "") in APP_ACCIDENTALS for n in notes)


def stacked(notes, degree, size):
    """The chord on `degree` (from 0), every other note of the scale, each above the last."""
    pitches = []
    for k in range(size):
        step = degree + 2 * k
        p = pitch.Pitch(notes[step % 7].name)
        p.octave = 4 + step // 7
        pitches.append(p)
    return pitches


def written(pitches):
    return " ".join(app_name(p) for p in pitches) + "=" + chord.Chord(pitches).commonName


def main():
    for name, degrees in SCALES:
        for tonic in TONICS:
            root = pitch.Pitch(tonic + "4")
            notes = [root.transpose(interval.Interval(d)) for d in degrees.split()]
            if not spellable(notes):
                continue
            triads = ", ".join(written(stacked(notes, d, 3)) for d in range(7))
            sevenths = ", ".join(written(stacked(notes, d, 4)) for d in range(7))
            print("|".join([name, app_name(root), triads, sevenths]))


main()
