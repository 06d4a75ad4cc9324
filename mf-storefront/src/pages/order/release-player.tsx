import type { CustomerOrderView, Release } from '@mastering/contracts';
import { Badge, Button } from '@mastering/ui/core';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useOrderRelease } from '../../api/release';
import { OutcomeCard } from '../../components/outcome-frame';
import { abVolumes } from '../../lib/ab-levels';
import { scheduleRelease, trackAt } from '../../lib/release-schedule';

// The order page's player of a release (issue 55): the tracks in running order with their gaps, and
// gaplessly where "no gap" was chosen: every track is decoded and scheduled on one Web Audio clock
// (AudioBufferSourceNode.start(when), from scheduleRelease), not played by elements one after another.
// Each track's original and master start together, loudness-matched, one of them heard: switching is
// a gain change on the same clock, so it is immediate and keeps the position.

type Side = 'master' | 'original';

/** One track's two decoded versions and the gains that choose which is heard. */
type Voice = { master: AudioBuffer | null; original: AudioBuffer | null; gains: Record<Side, GainNode> };

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
  const tracks = release.tracks.map((t) => ({ ...t, view: order.tracks.find((v) => v.id === t.fileId) }));
  const sideOf = (fileId: string): Side => sides[fileId] ?? 'master';

  const stop = () => {
    for (const source of sources.current) source.stop();
    sources.current = [];
    setPlaying(false);
    setCurrent(-1);
  };
  useEffect(() => () => void context.current?.close(), []);

  /** Applies the heard side's loudness-matched volume, now, on the audio clock. */
  const applyGains = (i: number, side: Side) => {
    const voice = voices.current[i];
    const view = tracks[i]?.view;
    if (!voice || !context.current) return;
    const levels = abVolumes(
      view?.original?.integratedLufs ?? null,
      view?.masters[0]?.loudness?.integratedLufs ?? null,
      'matched',
    );
    const now = context.current.currentTime;
    voice.gains.master.gain.setValueAtTime(side === 'master' ? levels.master : 0, now);
    voice.gains.original.gain.setValueAtTime(side === 'original' ? levels.original : 0, now);
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
          const [master, original] = await Promise.all([decode(t.view?.masters[0]?.url), decode(t.view?.originalUrl)]);
          const gains = { master: ctx.createGain(), original: ctx.createGain() };
          gains.master.connect(ctx.destination);
          gains.original.connect(ctx.destination);
          return { master, original, gains };
        }),
      );
      const schedule = scheduleRelease(
        voices.current.map((v, i) => ({
          frames: (v.master ?? v.original)?.length ?? 0,
          gapSeconds: tracks[i]!.gapSeconds,
        })),
        ctx.sampleRate,
        ctx.currentTime + 0.1,
      );
      voices.current.forEach((voice, i) => {
        applyGains(i, sideOf(tracks[i]!.fileId));
        for (const side of ['master', 'original'] as const) {
          const buffer = voice[side];
          if (!buffer) continue;
          const source = ctx.createBufferSource();
          source.buffer = buffer;
          source.connect(voice.gains[side]);
          source.start(schedule[i]!.startsAt);
          // The heard track's end is the schedule's; a longer other side stops with it.
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
              {(['master', 'original'] as const).map((side) => (
                <Button
                  key={side}
                  type="button"
                  size="sm"
                  variant={sideOf(t.fileId) === side ? 'default' : 'outline'}
                  aria-pressed={sideOf(t.fileId) === side}
                  disabled={side === 'master' ? !t.view?.masters[0] : !t.view?.originalUrl}
                  onClick={() => choose(i, t.fileId, side)}
                >
                  {side === 'master' ? 'Master' : 'Original'}
                </Button>
              ))}
            </li>
          ))}
        </ol>
      </div>
    </OutcomeCard>
  );
}
