// A tiny deterministic synthesiser for the demo showcase tracks: a few seconds of a musical phrase,
// rendered once as a dull, quiet "original" and once as a bright, loud "mastered" version, so the
// before/after player has something real to compare without shipping binary files in git.

/** One note: MIDI pitch, start and length in beats. */
export type Note = { pitch: number; start: number; length: number; velocity?: number };

/** A melodic part: its notes and timbre (relative strengths of the harmonics, envelope in seconds). */
export type Part = { notes: Note[]; harmonics: number[]; attack: number; decay: number; gain: number };

export type DrumKind = 'kick' | 'snare' | 'hat';
export type DrumPart = { kind: DrumKind; beats: number[]; gain: number };

/** A short phrase: tempo, melodic parts and drums. */
export type Arrangement = { bpm: number; parts: Part[]; drums: DrumPart[] };

export type Version = 'original' | 'mastered';

export const SAMPLE_RATE = 22_050;
export const DURATION_SECONDS = 4;

/** Renders a phrase as the unmastered mix (quiet, muffled) or the mastered one (loud, bright). */
export function renderVersion(
  arrangement: Arrangement,
  version: Version,
  sampleRate = SAMPLE_RATE,
  seconds = DURATION_SECONDS,
): Float32Array {
  const mix = renderMix(arrangement, sampleRate, seconds);
  if (version === 'original') {
    // Two one-pole low-passes at ~1.2 kHz take the air off, and the level sits well below full scale.
    const dull = lowPass(lowPass(mix, 1200, sampleRate), 1200, sampleRate);
    return normalise(dull, 0.3);
  }
  // High-shelf-like lift (add back what is above ~2.5 kHz), then soft saturation for density.
  const low = lowPass(mix, 2500, sampleRate);
  const bright = mix.map((x, i) => x + 0.9 * (x - low[i]));
  const peak = maxAbs(bright) || 1;
  const drive = 2.5;
  const saturated = bright.map((x) => Math.tanh((drive * x) / peak) / Math.tanh(drive));
  return normalise(saturated, 0.89);
}

/** Coarse peak envelope (one value in [0, 1] per bucket), e.g. to draw a waveform on the cover. */
export function peakEnvelope(samples: Float32Array, buckets: number): number[] {
  const size = Math.ceil(samples.length / buckets);
  const peaks: number[] = [];
  for (let b = 0; b < buckets; b++) peaks.push(maxAbs(samples.subarray(b * size, (b + 1) * size)));
  const top = Math.max(...peaks) || 1;
  return peaks.map((p) => p / top);
}

function renderMix(arrangement: Arrangement, sampleRate: number, seconds: number): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  const secondsPerBeat = 60 / arrangement.bpm;
  for (const part of arrangement.parts) {
    for (const note of part.notes) addNote(out, part, note, secondsPerBeat, sampleRate);
  }
  const random = xorshift(0x9e3779b9);
  for (const drum of arrangement.drums) {
    for (const beat of drum.beats)
      addDrum(out, drum, Math.round(beat * secondsPerBeat * sampleRate), sampleRate, random);
  }
  return out;
}

function addNote(out: Float32Array, part: Part, note: Note, secondsPerBeat: number, sampleRate: number): void {
  const frequency = 440 * 2 ** ((note.pitch - 69) / 12);
  const start = Math.round(note.start * secondsPerBeat * sampleRate);
  const held = note.length * secondsPerBeat;
  const release = 0.06;
  const end = Math.min(out.length, start + Math.round((held + release) * sampleRate));
  const amplitude = part.gain * (note.velocity ?? 1);
  for (let i = start; i < end; i++) {
    const t = (i - start) / sampleRate;
    let envelope = Math.min(1, t / part.attack) * Math.exp(-t / part.decay);
    if (t > held) envelope *= Math.max(0, 1 - (t - held) / release);
    let value = 0;
    part.harmonics.forEach((strength, h) => {
      const partial = frequency * (h + 1);
      if (partial < sampleRate / 2) value += strength * Math.sin(2 * Math.PI * partial * t);
    });
    out[i] += amplitude * envelope * value;
  }
}

function addDrum(out: Float32Array, drum: DrumPart, start: number, sampleRate: number, random: () => number): void {
  const length = Math.round((drum.kind === 'kick' ? 0.35 : drum.kind === 'snare' ? 0.2 : 0.06) * sampleRate);
  let previousNoise = 0;
  let phase = 0;
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / sampleRate;
    const noise = random() * 2 - 1;
    let value: number;
    if (drum.kind === 'kick') {
      // Pitch falls from ~120 Hz to ~45 Hz: the thump of a kick drum.
      phase += (2 * Math.PI * (45 + 75 * Math.exp(-t / 0.04))) / sampleRate;
      value = Math.sin(phase) * Math.exp(-t / 0.12);
    } else if (drum.kind === 'snare') {
      value = (0.7 * noise + 0.5 * Math.sin(2 * Math.PI * 185 * t)) * Math.exp(-t / 0.06);
    } else {
      // Differenced noise is high-passed noise: a closed hi-hat tick.
      value = (noise - previousNoise) * 0.5 * Math.exp(-t / 0.015);
    }
    previousNoise = noise;
    out[start + i] += drum.gain * value;
  }
}

function lowPass(samples: Float32Array, cutoff: number, sampleRate: number): Float32Array {
  const alpha = 1 - Math.exp((-2 * Math.PI * cutoff) / sampleRate);
  const out = new Float32Array(samples.length);
  let y = 0;
  for (let i = 0; i < samples.length; i++) {
    y += alpha * (samples[i] - y);
    out[i] = y;
  }
  return out;
}

function normalise(samples: Float32Array, peak: number): Float32Array {
  const scale = peak / (maxAbs(samples) || 1);
  return samples.map((x) => x * scale);
}

function maxAbs(samples: Float32Array): number {
  let max = 0;
  for (const x of samples) max = Math.max(max, Math.abs(x));
  return max;
}

function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}
