"""Synthesise the game's sound effects into ``sounds/*.wav`` (16-bit mono, 22050 Hz).

Run ``python build/make_sounds.py`` from the repository root; the output is committed.
Card noises are shaped, filtered noise; the musical cues are soft marimba-like tones
(a sine with a quickly fading fourth partial). Every sound gets a short fade in and out
(no clicks) and is normalised to -6 dBFS, card noises quieter still. The script prints
each file's figures.
numpy is a dev dependency used only here, never by the game.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

RATE = 22050
PEAK_DBFS = -6.0
QUIET = {"deal": -13.0, "flip": -13.0, "place": -11.0, "slide_back": -10.0, "capture": -9.0}
ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "sounds"
rng = np.random.default_rng(20240611)


def seconds(duration: float) -> np.ndarray:
    return np.arange(int(duration * RATE)) / RATE


def band_noise(duration: float, low: float, high: float) -> np.ndarray:
    """White noise kept between ``low`` and ``high`` Hz (FFT mask with soft edges)."""
    count = int(duration * RATE)
    spectrum = np.fft.rfft(rng.standard_normal(count))
    freqs = np.fft.rfftfreq(count, 1 / RATE)
    mask = 1 / (1 + (low / np.maximum(freqs, 1)) ** 4) / (1 + (freqs / high) ** 4)
    out = np.fft.irfft(spectrum * mask, count)
    return out / (np.max(np.abs(out)) or 1)


def envelope(duration: float, attack: float, decay: float) -> np.ndarray:
    """Linear rise over ``attack`` seconds, then exponential fall with time constant ``decay``."""
    t = seconds(duration)
    rise = np.clip(t / max(attack, 1e-4), 0, 1)
    return rise * np.exp(-np.maximum(t - attack, 0) / decay)


def tone(freq: float, duration: float, decay: float = 0.25, bright: float = 0.25) -> np.ndarray:
    """A soft mallet note: fundamental plus a fast-fading partial at 3.9x, like a marimba."""
    t = seconds(duration)
    body = np.sin(2 * math.pi * freq * t) * np.exp(-t / decay)
    ping = bright * np.sin(2 * math.pi * freq * 3.9 * t) * np.exp(-t / (decay * 0.15))
    return (body + ping) * np.clip(t / 0.004, 0, 1)


def sequence(notes: list[tuple[float, float, float]], duration: float) -> np.ndarray:
    """Mix (start seconds, frequency, decay) notes into one buffer."""
    out = np.zeros(int(duration * RATE))
    for start, freq, decay in notes:
        note = tone(freq, duration - start, decay)
        i = int(start * RATE)
        out[i : i + len(note)] += note[: len(out) - i]
    return out


def at(buffer: np.ndarray, start: float, duration: float) -> np.ndarray:
    out = np.zeros(int(duration * RATE))
    i = int(start * RATE)
    n = min(len(buffer), len(out) - i)
    out[i : i + n] += buffer[:n]
    return out


def flick(duration: float = 0.07, low: float = 1800, high: float = 6500) -> np.ndarray:
    """A card brushing the cloth: a short burst of airy noise."""
    return band_noise(duration, low, high) * envelope(duration, 0.004, duration / 4)


def thud(duration: float = 0.12, freq: float = 150) -> np.ndarray:
    """A card landing: a low, quickly falling knock."""
    t = seconds(duration)
    sweep = np.sin(2 * math.pi * (freq * t - 40 * t * t)) * np.exp(-t / 0.025)
    return sweep + 0.35 * flick(duration, 900, 4000)


def deal() -> np.ndarray:
    d = 0.16
    return at(flick(0.11, 2200, 7500), 0, d) + 0.5 * at(thud(0.1, 170), 0.05, d)


def flip() -> np.ndarray:
    d = 0.12
    return at(flick(0.04, 2500, 8000), 0, d) + 0.8 * at(flick(0.05, 1500, 5000), 0.035, d)


def place() -> np.ndarray:
    return thud(0.16, 140)


def slide_back() -> np.ndarray:
    d = 0.42
    swish = band_noise(0.3, 700, 2800) * envelope(0.3, 0.05, 0.08)
    return at(swish, 0, d) * 0.6 + 0.5 * at(
        sequence([(0, 330, 0.08), (0.09, 262, 0.1)], 0.3), 0.12, d
    )


def capture() -> np.ndarray:
    d = 0.45
    out = np.zeros(int(d * RATE))
    for k in range(4):
        out += at(flick(0.06, 1600 + 300 * k, 6000), 0.045 * k, d) * (0.9 - 0.12 * k)
    return out + 0.55 * at(tone(784, 0.25, 0.09), 0.2, d)


def fanfare() -> np.ndarray:
    """A rising arpeggio: a bonus (a pişti)."""
    notes = [(0.0, 523.3, 0.2), (0.09, 659.3, 0.2), (0.18, 784.0, 0.22), (0.27, 1046.5, 0.35)]
    return sequence(notes, 0.95)


def alarm() -> np.ndarray:
    """Two falling notes: a call that stops play (Stop)."""
    return sequence([(0.0, 784.0, 0.18), (0.17, 587.3, 0.25)], 0.65)


def win() -> np.ndarray:
    notes = [(0.0, 523.3, 0.25), (0.12, 659.3, 0.25), (0.24, 784.0, 0.25), (0.36, 1046.5, 0.3)]
    chord = [(0.55, f, 0.45) for f in (523.3, 659.3, 784.0, 1046.5)]
    return sequence(notes + chord, 1.4)


def lose() -> np.ndarray:
    notes = [(0.0, 392.0, 0.3), (0.22, 349.2, 0.3), (0.44, 311.1, 0.5)]
    return sequence(notes, 1.15)


EFFECTS = {
    "deal": deal, "flip": flip, "place": place, "slide_back": slide_back, "capture": capture,
    "fanfare": fanfare, "alarm": alarm, "win": win, "lose": lose,
}  # fmt: skip


def finish(samples: np.ndarray, peak_dbfs: float, fade: float = 0.006) -> np.ndarray:
    """Fade both ends to silence and scale to ``peak_dbfs``; card noises sit below the cues."""
    n = int(fade * RATE)
    ramp = np.sin(np.linspace(0, math.pi / 2, n)) ** 2
    tail = int(0.03 * RATE)
    samples = samples.copy()
    samples[:n] *= ramp
    samples[-tail:] *= np.cos(np.linspace(0, math.pi / 2, tail)) ** 2
    samples[0] = samples[-1] = 0.0
    return samples / np.max(np.abs(samples)) * 10 ** (peak_dbfs / 20)


def write_wav(path: Path, samples: np.ndarray) -> None:
    data = np.round(samples * 32767).astype("<i2").tobytes()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".wav")
    os.close(fd)
    with wave.open(tmp, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def main() -> int:
    SOUNDS.mkdir(exist_ok=True)
    total = 0
    for name, make in EFFECTS.items():
        samples = finish(make(), QUIET.get(name, PEAK_DBFS))
        path = SOUNDS / f"{name}.wav"
        write_wav(path, samples)
        size = path.stat().st_size
        total += size
        peak = 20 * math.log10(np.max(np.abs(samples)))
        print(
            f"{name:11s} {len(samples) / RATE:5.2f} s  peak {peak:5.1f} dBFS",
            f"{size / 1024:5.1f} KiB",
        )
    print(f"total {total / 1024:.1f} KiB in {SOUNDS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
