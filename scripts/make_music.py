#!/usr/bin/env python3
"""Compose and synthesize one music track per mode: assets/sounds/music-<mode key>.ogg.

Each track is made from a seed and the mode's own key, scale, tempo and instruments: chord
progressions chosen per section, a bass line, a pad, and a melody that walks the scale in
phrases, varied from one pass to the next. Every track runs at least 125 seconds before it
loops (the loop point is seamless: the tail folds back onto the start). Standard library only,
then sox encodes OGG Vorbis. Deterministic: the same script always makes the same files.

    python3 scripts/make_music.py        (needs sox: apt-get install sox libsox-fmt-base)

The title screen keeps `music.ogg` from scripts/make_sounds.py.
"""
import math
import os
import random
import struct
import subprocess
import tempfile
import wave

RATE = 22050
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "sounds")
MIN_SECONDS = 125.0
TABLE = 2048

SCALES = {
    "major": [0, 2, 4, 5, 7, 9, 11],
    "minor": [0, 2, 3, 5, 7, 8, 10],
    "dorian": [0, 2, 3, 5, 7, 9, 10],
    "lydian": [0, 2, 4, 6, 7, 9, 11],
    "harmonic": [0, 2, 3, 5, 7, 8, 11],
}

# Timbres as harmonic mixes, with how long a note rings (seconds to fade).
BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.05))
SOFT = ((1, 1.0), (2, 0.15))
MARIMBA = ((1, 1.0), (4, 0.25), (10, 0.04))
REED = ((1, 1.0), (2, 0.5), (3, 0.3), (5, 0.1))
WARM = ((1, 1.0), (2, 0.3), (3, 0.08))

# key: (root MIDI note, scale, beats per minute, melody timbre, ring, progressions, seed)
MODES = {
    "tilt": (60, "major", 96, BELL, 0.7, [[0, 4, 5, 3], [0, 5, 3, 4], [3, 4, 0, 0]], 11),
    "lines": (57, "minor", 72, SOFT, 1.4, [[0, 5, 2, 6], [0, 3, 4, 0], [5, 3, 0, 4]], 23),
    "slide": (62, "dorian", 88, MARIMBA, 0.35, [[0, 3, 0, 6], [0, 1, 3, 4], [6, 3, 0, 0]], 37),
    "trio": (65, "lydian", 100, MARIMBA, 0.4, [[0, 1, 0, 4], [0, 1, 5, 4], [3, 1, 0, 0]], 41),
    "climb": (64, "minor", 120, REED, 0.3, [[0, 5, 6, 4], [0, 3, 6, 0], [5, 6, 0, 0]], 53),
    "vault": (55, "harmonic", 66, WARM, 1.2, [[0, 5, 4, 0], [0, 3, 4, 4], [5, 1, 4, 0]], 67),
}


def freq(midi):
    return 440.0 * 2 ** ((midi - 69) / 12)


def wavetable(harmonics):
    peak = sum(w for _, w in harmonics)
    return [sum(w * math.sin(2 * math.pi * m * i / TABLE) for m, w in harmonics) / peak
            for i in range(TABLE)]


def add_note(out, start, hz, length, amp, table, attack=0.01, ring=None):
    """Adds a note into `out` at `start` seconds: wavetable oscillator, linear attack,
    exponential decay (time constant `ring`), silent at `length`."""
    ring = ring or length
    first = int(start * RATE)
    count = int(length * RATE)
    step = hz * TABLE / RATE
    phase = 0.0
    attack_n = max(1, int(attack * RATE))
    decay = math.exp(-1.0 / (ring * RATE))
    level = 1.0
    fade_from = count - int(0.05 * RATE)
    for i in range(count):
        j = first + i
        if j >= len(out):
            out.extend([0.0] * (j - len(out) + RATE))
        env = i / attack_n if i < attack_n else level
        if i >= attack_n:
            level *= decay
        if i > fade_from:
            env *= (count - i) / (count - fade_from)
        out[j] += amp * env * table[int(phase) % TABLE]
        phase += step


def compose(key, root, scale_name, bpm, lead, ring, progressions, seed):
    rng = random.Random(seed)
    scale = SCALES[scale_name]
    beat = 60.0 / bpm
    bar = 4 * beat
    bars = 4 * math.ceil(MIN_SECONDS / bar / 4)
    lead_t, pad_t, bass_t = wavetable(lead), wavetable(SOFT), wavetable(WARM)

    def pitch(degree, octave=0):
        o, d = divmod(degree, len(scale))
        return root + scale[d] + 12 * (o + octave)

    # Sections of four bars: a progression each, and a melodic phrase that comes back varied.
    phrases = []
    for _ in range(3):
        walk, degree = [], rng.choice([0, 2, 4])
        for _ in range(8):
            degree = max(-2, min(9, degree + rng.choice([-2, -1, -1, 0, 1, 1, 2, 3])))
            walk.append(degree)
        phrases.append(walk)
    out = []
    for section in range(bars // 4):
        progression = progressions[(section + section // 3) % len(progressions)]
        phrase = phrases[section % len(phrases)]
        # Later passes vary the phrase: a note moved, a rest, an octave.
        variation = random.Random(seed * 1000 + section)
        for b, chord_degree in enumerate(progression):
            t0 = (section * 4 + b) * bar
            chord = [pitch(chord_degree + k) for k in (0, 2, 4)]
            for n in chord:
                add_note(out, t0, freq(n - 12), bar + 0.3, 0.05, pad_t, attack=0.3, ring=bar)
            add_note(out, t0, freq(chord[0] - 24), bar * 0.5, 0.10, bass_t, attack=0.02, ring=beat)
            add_note(out, t0 + 2 * beat, freq(pitch(chord_degree + 4) - 24), bar * 0.5, 0.07,
                     bass_t, attack=0.02, ring=beat)
            for half in range(2):
                degree = phrase[(2 * b + half) % len(phrase)]
                if section >= len(phrases):
                    r = variation.random()
                    if r < 0.15:
                        continue
                    if r < 0.35:
                        degree += variation.choice([-1, 1])
                octave = 1 if section % 5 == 4 else 0
                start = t0 + half * 2 * beat
                add_note(out, start, freq(pitch(degree, octave)), 2 * beat, 0.09, lead_t,
                         attack=0.005, ring=ring)
                if variation.random() < 0.4:
                    add_note(out, start + beat, freq(pitch(degree + 2, octave)), beat, 0.05,
                             lead_t, attack=0.005, ring=ring * 0.6)
    loop = int(bars * bar * RATE)
    head = out[:loop] + [0.0] * max(0, loop - len(out))
    for i, s in enumerate(out[loop:]):
        head[i % loop] += s
    return head, bars * bar


def write(name, samples, peak_target=0.3):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = peak_target / peak
    with tempfile.TemporaryDirectory() as tmp:
        wav_path = os.path.join(tmp, name + ".wav")
        with wave.open(wav_path, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s * scale)) * 32767))
                                   for s in samples))
        target = os.path.join(OUT, name + ".ogg")
        subprocess.run(["sox", wav_path, "-C", "0", target], check=True)
        return os.path.relpath(target)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for key, (root, scale, bpm, lead, ring, progressions, seed) in MODES.items():
        samples, seconds = compose(key, root, scale, bpm, lead, ring, progressions, seed)
        print(f"wrote {write('music-' + key, samples)}: {seconds:.0f} s before it loops")
