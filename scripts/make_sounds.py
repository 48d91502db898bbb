#!/usr/bin/env python3
"""Synthesize Puzzlemill's sound effects and music loop.

Writes 16-bit mono WAV with the standard library only, then encodes each to OGG Vorbis with sox
into assets/sounds/. Deterministic: the same script always makes the same sounds.

    python3 scripts/make_sounds.py        (needs sox: apt-get install sox libsox-fmt-base)
"""
import math
import os
import struct
import subprocess
import tempfile
import wave

RATE = 44100
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "sounds")


def note(name):
    """Frequency of a note like 'A4' or 'C#5' (equal temperament, A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    base, rest = name[0], name[1:]
    shift = 0
    while rest and rest[0] in "#b":
        shift += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    octave = int(rest)
    semis = names[base] + shift + 12 * (octave - 4)
    return 440.0 * 2 ** (semis / 12)


def envelope(t, length, attack=0.005, release=None):
    """Linear attack, exponential decay to silence at `length`."""
    if t < attack:
        return t / attack
    decay = release if release is not None else length
    return math.exp(-5.0 * (t - attack) / decay) * max(0.0, 1.0 - (t - attack) / (length - attack))


def tone(freq, length, amp=0.5, harmonics=((1, 1.0),), attack=0.005, release=None, bend=0.0):
    """A decaying tone with the given harmonic mix; `bend` glides the pitch by that ratio."""
    samples = []
    phase = [0.0] * len(harmonics)
    for i in range(int(length * RATE)):
        t = i / RATE
        f = freq * (1.0 + bend * t / length)
        value = 0.0
        for k, (mult, weight) in enumerate(harmonics):
            phase[k] += 2 * math.pi * f * mult / RATE
            value += weight * math.sin(phase[k])
        samples.append(amp * value * envelope(t, length, attack, release))
    return samples


def noise_tick(length, amp, seed=1):
    """A short filtered noise burst (a wooden tick) from a fixed linear congruential generator."""
    state = seed
    out, prev = [], 0.0
    for i in range(int(length * RATE)):
        state = (1103515245 * state + 12345) % 2**31
        white = state / 2**30 - 1.0
        prev = prev * 0.6 + white * 0.4  # gentle low-pass
        out.append(amp * prev * envelope(i / RATE, length, 0.001))
    return out


def mix(*tracks, offsets=None):
    offsets = offsets or [0.0] * len(tracks)
    length = max(int(o * RATE) + len(t) for t, o in zip(tracks, offsets))
    out = [0.0] * length
    for track, offset in zip(tracks, offsets):
        start = int(offset * RATE)
        for i, s in enumerate(track):
            out[start + i] += s
    return out


def write(name, samples, peak_target=0.8):
    """Normalises to `peak_target` and encodes to assets/sounds/<name>.ogg."""
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = peak_target / peak
    with tempfile.TemporaryDirectory() as tmp:
        wav_path = os.path.join(tmp, name + ".wav")
        with wave.open(wav_path, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s * scale)) * 32767)) for s in samples))
        target = os.path.join(OUT, name + ".ogg")
        subprocess.run(["sox", wav_path, "-C", "4", target], check=True)
        print("wrote", os.path.relpath(target))


BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.05))
SOFT = ((1, 1.0), (2, 0.15))


def effects():
    write("move", mix(noise_tick(0.09, 0.5), tone(note("G3"), 0.12, 0.35, SOFT, bend=-0.15)))
    write("success", mix(tone(note("E5"), 0.35, 0.4, BELL), tone(note("B5"), 0.5, 0.4, BELL), offsets=[0, 0.08]))
    arpeggio = ["C5", "E5", "G5", "C6"]
    write("win", mix(*[tone(note(n), 0.9 - 0.1 * i, 0.35, BELL) for i, n in enumerate(arpeggio)],
                     tone(note("C4"), 1.2, 0.25, SOFT, attack=0.02),
                     offsets=[0.0, 0.11, 0.22, 0.33, 0.0]))
    write("lose", mix(tone(note("E4"), 0.35, 0.4, SOFT, bend=-0.06), tone(note("C4"), 0.6, 0.4, SOFT, bend=-0.08),
                      offsets=[0, 0.22]))
    write("click", mix(noise_tick(0.025, 0.4, seed=7), tone(note("A5"), 0.05, 0.25, SOFT)))
    # A jump in Climb: a soft push off and a quick rising glide.
    write("jump", mix(noise_tick(0.03, 0.3, seed=11), tone(note("E4"), 0.16, 0.4, SOFT, bend=0.6)))
    # A box stopping against a box: a short low knock, wood on wood.
    write("bump", mix(noise_tick(0.04, 0.6, seed=3), tone(note("D3"), 0.14, 0.5, SOFT, bend=-0.3),
                      tone(note("A3"), 0.08, 0.25, SOFT)))


def music():
    """A calm 16-second loop: pad chords with a plucked melody, quiet by design."""
    beat = 0.5
    chords = [("C4", "E4", "G4"), ("A3", "C4", "E4"), ("F3", "A3", "C4"), ("G3", "B3", "D4")]
    melody = ["E5", "G5", "C6", "G5", "E5", "A5", "C6", "A5", "F5", "A5", "C6", "A5", "D5", "G5", "B5", "G5"]
    tracks, offsets = [], []
    bar = 8 * beat
    for bar_index, chord in enumerate(chords):
        for n in chord:
            tracks.append(tone(note(n), bar + 0.6, 0.12, SOFT, attack=0.4, release=bar * 1.5))
            offsets.append(bar_index * bar)
        tracks.append(tone(note(chord[0]) / 2, bar + 0.3, 0.14, SOFT, attack=0.05, release=bar))
        offsets.append(bar_index * bar)
    for i, n in enumerate(melody):
        # Each melody note, then its octave below as an echo half a beat later.
        tracks.append(tone(note(n), 0.9, 0.12, BELL, release=0.5))
        offsets.append(i * 2 * beat)
        tracks.append(tone(note(n) / 2, 0.9, 0.07, BELL, release=0.5))
        offsets.append(i * 2 * beat + beat)
    samples = mix(*tracks, offsets=offsets)
    loop = int(len(chords) * bar * RATE)
    # Fold the tail past the loop point back onto the start so the loop is seamless.
    head = samples[:loop]
    for i, s in enumerate(samples[loop:]):
        head[i % loop] += s
    write("music", head, peak_target=0.3)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    effects()
    music()
