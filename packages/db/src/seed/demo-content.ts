import type { Genre } from '@mastering/contracts';
import type { Arrangement, Note, Part } from './synth';

export type DemoShowcaseTrack = {
  slug: string;
  title: string;
  artist: string;
  genre: Genre;
  beforeDescription: string;
  afterDescription: string;
  colors: [string, string];
  arrangement: Arrangement;
};

/** Notes of equal length, one every `step` beats from `start`. */
function sequence(pitches: number[], step: number, length = step, start = 0): Note[] {
  return pitches.map((pitch, i) => ({ pitch, start: start + i * step, length }));
}

/** The same chord struck at each of `beats`. */
function strum(chord: number[], beats: number[], length: number): Note[] {
  return beats.flatMap((start) => chord.map((pitch) => ({ pitch, start, length, velocity: 0.8 })));
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) }, (_, i) => from + i * step);

const SAW = [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12];
const PIANO = [1, 0.5, 0.25, 0.12, 0.06];
const BASS = [1, 0.3, 0.1];

const part = (notes: Note[], harmonics: number[], gain: number, attack = 0.005, decay = 0.5): Part => ({
  notes,
  harmonics,
  gain,
  attack,
  decay,
});

/** The four demo showcase tracks of the spec (Electronic, Rock, Jazz, Pop), in display order. */
export const DEMO_SHOWCASE_TRACKS: DemoShowcaseTrack[] = [
  {
    slug: 'joburg-after-dark',
    title: 'Joburg After Dark',
    artist: 'Kasi Pulse',
    genre: 'Electronic',
    beforeDescription: 'Raw club mix: soft low end, muffled synths and plenty of headroom left unused.',
    afterDescription: 'Punchy kick, wide sparkling arpeggios and streaming-ready loudness without pumping.',
    colors: ['#7c3aed', '#06b6d4'],
    arrangement: {
      bpm: 120,
      parts: [
        part(
          [
            ...sequence([57, 60, 64, 69, 64, 60, 57, 60, 64, 69, 72, 69, 64, 60, 64, 69], 0.25),
            ...sequence([53, 57, 60, 65, 60, 57, 53, 57, 60, 65, 69, 65, 60, 57, 60, 65], 0.25, 0.25, 4),
          ],
          SAW,
          0.16,
          0.004,
          0.15,
        ),
        part([...sequence([45, 45, 45, 45], 1, 0.8), ...sequence([41, 41, 41, 41], 1, 0.8, 4)], BASS, 0.35, 0.005, 0.4),
      ],
      drums: [
        { kind: 'kick', beats: range(0, 8, 1), gain: 0.6 },
        { kind: 'hat', beats: range(0.5, 8, 1), gain: 0.35 },
        { kind: 'snare', beats: [1, 3, 5, 7], gain: 0.25 },
      ],
    },
  },
  {
    slug: 'highveld-thunder',
    title: 'Highveld Thunder',
    artist: 'The Karoo Riders',
    genre: 'Rock',
    beforeDescription: 'Live-room recording with boxy guitars and drums that sit behind the mix.',
    afterDescription: 'Tight, aggressive guitars, a snare that cracks through and full radio-ready energy.',
    colors: ['#b91c1c', '#f59e0b'],
    arrangement: {
      bpm: 120,
      parts: [
        part(
          [
            ...strum([40, 47, 52], range(0, 2, 0.5), 0.45),
            ...strum([43, 50, 55], range(2, 4, 0.5), 0.45),
            ...strum([45, 52, 57], range(4, 6, 0.5), 0.45),
            ...strum([50, 57, 62], range(6, 7, 0.5), 0.45),
            ...strum([48, 55, 60], range(7, 8, 0.5), 0.45),
          ],
          [1, 0.7, 0.55, 0.4, 0.35, 0.25, 0.2, 0.15],
          0.1,
          0.003,
          0.6,
        ),
        part(
          [
            ...sequence([28, 28, 28, 28], 0.5, 0.45),
            ...sequence([31, 31, 31, 31], 0.5, 0.45, 2),
            ...sequence([33, 33, 33, 33], 0.5, 0.45, 4),
            ...sequence([38, 38, 36, 36], 0.5, 0.45, 6),
          ],
          BASS,
          0.3,
        ),
      ],
      drums: [
        { kind: 'kick', beats: [0, 1.5, 2, 4, 5.5, 6], gain: 0.6 },
        { kind: 'snare', beats: [1, 3, 5, 7], gain: 0.45 },
        { kind: 'hat', beats: range(0, 8, 0.5), gain: 0.3 },
      ],
    },
  },
  {
    slug: 'sunday-in-sophiatown',
    title: 'Sunday in Sophiatown',
    artist: 'Thabo Mokoena Trio',
    genre: 'Jazz',
    beforeDescription: 'A warm trio take, but quiet and a little dark: the ride cymbal gets lost.',
    afterDescription: 'Natural dynamics kept, rich piano, a clear ride cymbal and an open, airy top end.',
    colors: ['#1e3a8a', '#d97706'],
    arrangement: {
      bpm: 112,
      parts: [
        part(
          [
            ...strum([50, 53, 57, 60, 64], [0], 1.9),
            ...strum([43, 53, 59, 64], [2], 1.9),
            ...strum([48, 52, 55, 59, 62], [4], 3.5),
          ],
          [1, 0.4, 0.1, 0.05],
          0.12,
          0.01,
          1.2,
        ),
        part(sequence([38, 41, 45, 48, 43, 47, 50, 36], 1, 0.9), BASS, 0.32, 0.01, 0.5),
        part(
          [
            { pitch: 69, start: 0.66, length: 0.3 },
            { pitch: 72, start: 1, length: 0.6 },
            { pitch: 74, start: 1.66, length: 0.3 },
            { pitch: 72, start: 2, length: 1 },
            { pitch: 71, start: 3, length: 0.6 },
            { pitch: 67, start: 3.66, length: 0.3 },
            { pitch: 64, start: 4, length: 1 },
            { pitch: 67, start: 5, length: 2 },
          ],
          [1, 0.5, 0.3, 0.2],
          0.12,
          0.03,
          0.8,
        ),
      ],
      drums: [
        { kind: 'hat', beats: [0, 1, 1.66, 2, 3, 3.66, 4, 5, 5.66, 6, 7], gain: 0.3 },
        { kind: 'kick', beats: [0, 4], gain: 0.3 },
        { kind: 'snare', beats: [3.66, 6.66], gain: 0.1 },
      ],
    },
  },
  {
    slug: 'golden-hour',
    title: 'Golden Hour',
    artist: 'Lerato Jay',
    genre: 'Pop',
    beforeDescription: 'Bedroom demo: the chorus sounds small and dull next to commercial releases.',
    afterDescription: 'Bright, polished and loud: a chorus that stands up next to anything on the playlists.',
    colors: ['#db2777', '#f97316'],
    arrangement: {
      bpm: 120,
      parts: [
        part(
          [
            ...strum([48, 52, 55, 60], [0, 1], 0.9),
            ...strum([43, 50, 55, 59], [2, 3], 0.9),
            ...strum([45, 52, 57, 60], [4, 5], 0.9),
            ...strum([41, 48, 53, 57], [6, 7], 0.9),
          ],
          PIANO,
          0.09,
          0.005,
          0.6,
        ),
        part(
          [
            { pitch: 76, start: 0, length: 1 },
            { pitch: 74, start: 1, length: 0.5 },
            { pitch: 72, start: 1.5, length: 0.5 },
            { pitch: 74, start: 2, length: 1 },
            { pitch: 71, start: 3, length: 1 },
            { pitch: 72, start: 4, length: 1.5 },
            { pitch: 76, start: 5.5, length: 0.5 },
            { pitch: 77, start: 6, length: 1 },
            { pitch: 76, start: 7, length: 1 },
          ],
          [1, 0.3, 0.1],
          0.2,
          0.01,
          0.7,
        ),
        part(
          [
            ...sequence([36, 36], 1, 0.9),
            ...sequence([43, 43], 1, 0.9, 2),
            ...sequence([45, 45], 1, 0.9, 4),
            ...sequence([41, 41], 1, 0.9, 6),
          ],
          BASS,
          0.3,
        ),
      ],
      drums: [
        { kind: 'kick', beats: [0, 2, 2.5, 4, 6, 6.5], gain: 0.55 },
        { kind: 'snare', beats: [1, 3, 5, 7], gain: 0.35 },
        { kind: 'hat', beats: range(0, 8, 0.5), gain: 0.25 },
      ],
    },
  },
];

export type DemoTestimonial = {
  name: string;
  role: string;
  company: string | null;
  content: string;
  rating: number;
  results: string | null;
  isVerified: boolean;
};

/** Testimonials from South African artists, in display order. */
export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    name: 'Naledi Khumalo',
    role: 'Singer-songwriter',
    company: 'Independent, Soweto',
    content:
      'I sent a bedroom recording on Monday and had a master on Wednesday that sounds right next to the big releases on my playlists. The engineer even emailed me notes on my mix.',
    rating: 5,
    results: '+40% streams in the first month',
    isVerified: true,
  },
  {
    name: 'Sipho Ndlovu',
    role: 'Producer & DJ',
    company: 'Deep Groove Collective',
    content:
      'My amapiano tracks finally hit hard on club systems and still sound clean on phone speakers. Real people listening to your music makes the difference.',
    rating: 5,
    results: 'Playlisted on two editorial playlists',
    isVerified: true,
  },
  {
    name: 'Ruan van der Merwe',
    role: 'Guitarist',
    company: 'The Karoo Riders',
    content:
      'We recorded our EP live in a rehearsal room. The masters brought out the guitars without squashing the drums, and the revision we asked for came back the same day.',
    rating: 5,
    results: 'EP ready for radio in 48 hours',
    isVerified: false,
  },
  {
    name: 'Ayanda Dlamini',
    role: 'A&R Manager',
    company: 'Eastside Records, Durban',
    content:
      'Consistent, DSP-ready masters at a price that works for independent releases. We now send every single through them.',
    rating: 4,
    results: '12 releases mastered',
    isVerified: true,
  },
];
