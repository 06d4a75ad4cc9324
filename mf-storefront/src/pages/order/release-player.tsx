import type { CustomerOrderView, Release, ReleaseReference } from '@mastering/contracts';
import { Badge, Button } from '@mastering/ui/core';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useOrderRelease } from '../../api/release';
import { OutcomeCard } from '../../components/outcome-frame';
import { matchedGains, rmsDb } from '../../lib/release-levels';
import { scheduleRelease, trackAt } from '../../lib/release-schedule';

// The order page's player of a release (issue 55): the tracks in running order with their gaps, and
// gaplessly where "no gap" was chosen: every track is decoded and scheduled on one Web Audio clock
// (AudioBufferSourceNode.start(when), from scheduleRelease), not played by elements one after another.
// Each track's original and master start together, loudness-matched, one of them heard: switching is
// a gain change on the same clock, so it is immediate and keeps the position. The track's reference (its
// own, else the release's first) plays alongside the same way, all three levelled alike (release-levels.ts).

const SIDES = ['master', 'original', 'reference'] as const;
type Side = (typeof SIDES)[number];
const SIDE_LABELS: Record<Side, string> = { master: 'Master', original: 'Original', reference: 'Reference' };

/** One track's decoded sides, their matched gains, and the gain nodes that choose which is heard. */
type Voice = { buffers: Record<Side, AudioBuffer | null>; levels: Record<Side, number>; gains: Record<Side, GainNode> };

/** The RMS level of a decoded buffer (null when absent or silent). */
const levelOf = (buffer: AudioBuffer | null) =>
  buffer ? rmsDb(Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c))) : null;

/** The reference a track plays: its own first, else the release's first, else none. */
const referenceFor = (references: readonly ReleaseReference[], fileId: string) =>
  references.find((r) => r.fileId === fileId && r.url) ?? references.find((r) => r.fileId === null && r.url);

const GAP_TEXT = (gap: number | null) => (gap === null ? 'no gap' : `${gap} s gap`);

/** The release card: running order, gaps, the anchor, and the player. Nothing for an order of singles. */
export function ReleasePlayer({ order, token }: { order: CustomerOrderView; token: string }) {
  const release = useOrderRelease(order.id, token).data?.release;
  if (!release) return null;
  return <ReleaseCard order={order} release={release} />;
}

function ReleaseCard({ order, release }: { order: CustomerOrderView; release: Release }) {
  const context = useRef<AudioContext | null>(null);
  const voices = useRef<Voice[]>([]);
  const sources = useRef<AudioBufferSourceNode[]>([]);
  const [sides, setSides] = useState<Record<string, Side>>({});
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [current, setCurrent] = useState(-1);
  const tracks = release.tracks.map((t) => {
    const view = order.tracks.find((v) => v.id === t.fileId);
    const urls: Record<Side, string | null> = {
      master: view?.masters[0]?.url ?? null,
      original: view?.originalUrl ?? null,
      reference: referenceFor(release.references, t.fileId)?.url ?? null,
    };
    return { ...t, view, urls };
  });
  const sideOf = (fileId: string): Side => sides[fileId] ?? 'master';

  const stop = () => {
    for (const source of sources.current) source.stop();
    sources.current = [];
    setPlaying(false);
    setCurrent(-1);
  };
  useEffect(() => () => void context.current?.close(), []);

  /** Applies the heard side's loudness-matched volume, now, on the audio clock; the others are silent. */
  const applyGains = (i: number, side: Side) => {
    const voice = voices.current[i];
    if (!voice || !context.current) return;
    const now = context.current.currentTime;
    for (const s of SIDES) voice.gains[s].gain.setValueAtTime(s === side ? voice.levels[s] : 0, now);
  };

  const play = async () => {
    setLoading(true);
    try {
      const ctx = (context.current ??= new AudioContext());
      // Not awaited: the click is the gesture that lets it run; the schedule is on its clock either way.
      void ctx.resume();
      const decode = async (url: string | null | undefined) =>
        url ? ctx.decodeAudioData(await (await fetch(url)).arrayBuffer()) : null;
      voices.current = await Promise.all(
        tracks.map(async (t) => {
          const [master, original, reference] = await Promise.all(SIDES.map((side) => decode(t.urls[side])));
          const buffers = { master: master ?? null, original: original ?? null, reference: reference ?? null };
          const levels = matchedGains({
            master: levelOf(buffers.master),
            original: levelOf(buffers.original),
            reference: levelOf(buffers.reference),
          });
          const gains = { master: ctx.createGain(), original: ctx.createGain(), reference: ctx.createGain() };
          for (const side of SIDES) gains[side].connect(ctx.destination);
          return { buffers, levels, gains };
        }),
      );
      const schedule = scheduleRelease(
        voices.current.map((v, i) => ({
          frames: (v.buffers.master ?? v.buffers.original)?.length ?? 0,
          gapSeconds: tracks[i]!.gapSeconds,
        })),
        ctx.sampleRate,
        ctx.currentTime + 0.1,
      );
      voices.current.forEach((voice, i) => {
        applyGains(i, sideOf(tracks[i]!.fileId));
        for (const side of SIDES) {
          const buffer = voice.buffers[side];
          if (!buffer) continue;
          const source = ctx.createBufferSource();
          source.buffer = buffer;
          source.connect(voice.gains[side]);
          source.start(schedule[i]!.startsAt);
          // The track's end is the schedule's; a longer other side (a reference, say) stops with it.
          source.stop(schedule[i]!.endsAt);
          sources.current.push(source);
        }
      });
      setPlaying(true);
      const tick = () => {
        if (!context.current || sources.current.length === 0) return;
        const at = trackAt(schedule, context.current.currentTime);
        setCurrent(at);
        if (at >= schedule.length) stop();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    } finally {
      setLoading(false);
    }
  };

  const choose = (i: number, fileId: string, side: Side) => {
    setSides((s) => ({ ...s, [fileId]: side }));
    applyGains(i, side);
  };

  return (
    <OutcomeCard title={`${release.artist} – ${release.title}`} testId="release">
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          {release.kind === 'ep' ? 'EP' : 'Album'} · {release.tracks.length} tracks in running order
        </p>
        <Button
          type="button"
          onClick={() => (playing ? stop() : void play())}
          disabled={loading}
          data-testid="release-play"
          aria-label={playing ? 'Stop the release' : 'Play the release'}
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          {loading ? 'Loading…' : playing ? 'Stop' : 'Play the release'}
        </Button>
        <ol className="space-y-2" data-testid="release-tracks">
          {tracks.map((t, i) => (
            <li
              key={t.fileId}
              data-testid="release-track"
              data-playing={current === i}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-border p-2 text-sm data-[playing=true]:border-primary"
            >
              <span className="w-6 tabular-nums text-muted-foreground">{String(t.number).padStart(2, '0')}</span>
              <span className="min-w-0 flex-1 truncate font-medium">{t.originalName}</span>
              <span className="text-xs text-muted-foreground">{GAP_TEXT(t.gapSeconds)} before</span>
              {t.anchor && <Badge variant="secondary">Anchor</Badge>}
              {t.anchor && (t.view?.revisions.length ?? 0) > 0 && (
                <Badge variant="warning" data-testid="anchor-revision">
                  Revised anchor: may move the other tracks
                </Badge>
              )}
              {SIDES.map((side) => (
                <Button
                  key={side}
                  type="button"
                  size="sm"
                  variant={sideOf(t.fileId) === side ? 'default' : 'outline'}
                  aria-pressed={sideOf(t.fileId) === side}
                  disabled={!t.urls[side]}
                  onClick={() => choose(i, t.fileId, side)}
                >
                  {SIDE_LABELS[side]}
                </Button>
              ))}
            </li>
          ))}
        </ol>
      </div>
    </OutcomeCard>
  );
}
