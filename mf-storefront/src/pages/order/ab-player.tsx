import { formatTrackTime, type MasterVersionView, type OrderTrackView } from '@mastering/contracts';
import { Button, Waveform } from '@mastering/ui/core';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { abVolumes, type AbLevelMode } from '../../lib/ab-levels';

type Side = 'original' | 'master';

/**
 * The loudness-matched A/B player of one track: the original and the newest master play in step (two
 * elements, one heard), so switching keeps the position; both are leveled from their measured LUFS
 * (abVolumes). The track's waveform is the progress bar: clicking it seeks there and pins that time for a
 * revision note (`onPin`); the notes pinned before, and the one being written (`pinned`), are marked on it.
 */
export function AbPlayer({
  track,
  master,
  onPin,
  pinned = null,
}: {
  track: OrderTrackView;
  master: MasterVersionView;
  onPin?: (seconds: number) => void;
  pinned?: number | null;
}) {
  const original = useRef<HTMLAudioElement>(null);
  const mastered = useRef<HTMLAudioElement>(null);
  const [side, setSide] = useState<Side>('master');
  const [mode, setMode] = useState<AbLevelMode>('matched');
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const duration = master.loudness?.durationSeconds ?? track.original?.durationSeconds ?? 0;
  // The master's waveform (the original's until the master is measured).
  const peaks = master.loudness?.waveform.length ? master.loudness.waveform : (track.original?.waveform ?? []);
  const markers = [
    ...track.revisions
      .filter((r) => r.atSeconds !== null)
      .map((r) => ({ seconds: r.atSeconds!, label: `Round ${r.round}: ${r.note}` })),
    ...(pinned !== null ? [{ seconds: pinned, label: 'Your new note' }] : []),
  ];
  const volumes = abVolumes(track.original?.integratedLufs ?? null, master.loudness?.integratedLufs ?? null, mode);

  // The side not heard is muted, not paused: both keep the same position.
  useEffect(() => {
    if (original.current) {
      original.current.volume = volumes.original;
      original.current.muted = side !== 'original';
    }
    if (mastered.current) {
      mastered.current.volume = volumes.master;
      mastered.current.muted = side !== 'master';
    }
  }, [side, volumes.original, volumes.master]);

  const both = () => [original.current, mastered.current].filter((a): a is HTMLAudioElement => a !== null);
  const toggle = () => {
    if (playing) {
      for (const audio of both()) audio.pause();
      setPlaying(false);
    } else {
      const heard = side === 'master' ? mastered.current : original.current;
      for (const audio of both()) audio.currentTime = heard?.currentTime ?? position;
      Promise.all(both().map((audio) => audio.play()))
        .then(() => setPlaying(true))
        .catch(() => setPlaying(false));
    }
  };
  const seek = (seconds: number) => {
    for (const audio of both()) audio.currentTime = seconds;
    setPosition(seconds);
    onPin?.(seconds);
  };

  const sideButton = (value: Side, label: string) => (
    <Button
      type="button"
      size="sm"
      variant={side === value ? 'default' : 'outline'}
      aria-pressed={side === value}
      onClick={() => setSide(value)}
      data-testid={`ab-${value}`}
    >
      {label}
    </Button>
  );

  return (
    <div className="space-y-3 rounded-lg border border-border p-3" data-testid="ab-player">
      <audio ref={original} src={track.originalUrl ?? undefined} preload="auto" />
      <audio
        ref={mastered}
        src={master.url}
        preload="auto"
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onEnded={() => setPlaying(false)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="icon"
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          data-testid="ab-play"
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Which mix you hear</legend>
          {sideButton('original', 'Original')}
          {sideButton('master', 'Master')}
        </fieldset>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <span>Level</span>
          <select
            className="rounded-md border border-border bg-background px-2 py-1 text-sm"
            value={mode}
            onChange={(e) => setMode(e.target.value as AbLevelMode)}
            data-testid="ab-mode"
          >
            <option value="matched">Loudness-matched</option>
            <option value="spotify">As Spotify plays it (-14 LUFS)</option>
          </select>
        </label>
      </div>
      <button
        type="button"
        className="relative block w-full overflow-hidden rounded bg-muted text-primary"
        aria-label={`Position ${formatTrackTime(position)}: click to jump there and pin a revision note to that time`}
        data-testid="ab-progress"
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const share = box.width > 0 ? (e.clientX - box.left) / box.width : 0;
          seek(Math.max(0, Math.min(1, share)) * duration);
        }}
      >
        <Waveform
          peaks={peaks}
          label={`Waveform of ${track.originalName}`}
          durationSeconds={duration}
          markers={markers}
          progress={duration > 0 ? position / duration : 0}
          className="h-14"
        />
      </button>
      <p className="text-xs tabular-nums text-muted-foreground" data-testid="ab-position">
        {formatTrackTime(position)} / {formatTrackTime(duration)}
      </p>
      <p className="text-xs text-muted-foreground">
        {mode === 'matched'
          ? 'Both mixes play at the same loudness, so you hear the mastering, not just a louder file.'
          : 'Each mix plays as Spotify would: turned down to -14 LUFS when louder.'}
      </p>
    </div>
  );
}
