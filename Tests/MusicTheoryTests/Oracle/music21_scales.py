"""Spells every scale type added for issue 24 on the 21 tonics with music21, as an oracle for
MusicTheory's own spelling (NewScaleSpellingTests).

Each scale's degrees are written here from the published definitions, not read from the Swift
table, and music21 transposes the tonic by each interval, so a wrong interval in ScaleType or a
spelling bug in NoteClass shows up as a difference. Where music21 has the scale itself (the
whole-tone and octatonic scales, dorian and phrygian for the aliases kafi and bayati) the script
also checks that the degrees give music21's pitch classes, and, for the diatonic ones, its
spelling. Prints one line per scale and tonic, "name|tonic|notes", with the app's accidentals
(b, bb, #, x). Run: python3 music21_scales.py > music21_scales.txt
"""

from music21 import interval, pitch, scale

SCALES = [
    # name as ScaleType reads it, its degrees, music21's scale class for a pitch-class check
    ("hungarian minor", "P1 M2 m3 A4 P5 m6 M7", None),
    ("double harmonic", "P1 m2 M3 P4 P5 m6 M7", None),
    ("bhairav", "P1 m2 M3 P4 P5 m6 M7", None),
    ("todi", "P1 m2 m3 A4 P5 m6 M7", None),
    ("purvi", "P1 m2 M3 A4 P5 m6 M7", None),
    ("marwa", "P1 m2 M3 A4 P5 M6 M7", None),
    ("kafi", "P1 M2 m3 P4 P5 M6 m7", scale.DorianScale),
    ("bayati", "P1 m2 m3 P4 P5 m6 m7", scale.PhrygianScale),
    ("hijaz", "P1 m2 M3 P4 P5 m6 m7", None),
    ("hirajoshi", "P1 M2 m3 P5 m6", None),
    ("in", "P1 m2 P4 P5 m6", None),
    ("yo", "P1 M2 P4 P5 M6", None),
    ("kumoi", "P1 M2 m3 P5 M6", None),
    # Spelled 1 2 3 #4 b6 b7 (ScaleType's comment says why); music21 spells C D E F# G# A#.
    ("whole tone", "P1 M2 M3 A4 m6 m7", scale.WholeToneScale),
    ("diminished half-whole", "P1 m2 m3 M3 A4 P5 M6 m7", lambda t: scale.OctatonicScale(t, mode=1)),
    ("diminished whole-half", "P1 M2 m3 P4 d5 m6 M6 M7", lambda t: scale.OctatonicScale(t, mode=2)),
    ("bebop dominant", "P1 M2 M3 P4 P5 M6 m7 M7", None),
]

TONICS = [letter + accidental for letter in "CDEFGAB" for accidental in ("-", "", "#")]


def app_name(p):
    """music21's "E--" and "F##" as the app writes them: "Ebb" and "Fx"."""
    return p.step + {"": "", "-": "b", "--": "bb", "#": "#", "##": "x"}[p.accidental.modifier if p.accidental else ""]


def main():
    for name, degrees, named in SCALES:
        for tonic in TONICS:
            root = pitch.Pitch(tonic + "4")
            notes = [root.transpose(interval.Interval(d)) for d in degrees.split()]
            if named is not None:
                theirs = named(tonic).getPitches(tonic + "4", tonic + "5")[:-1]
                assert {n.pitchClass for n in notes} == {p.pitchClass for p in theirs}, (name, tonic)
                if len(theirs) == 7:
                    assert [n.name for n in notes] == [p.name for p in theirs], (name, tonic)
            print("|".join([name, app_name(root), " ".join(app_name(n) for n in notes)]))


main()
