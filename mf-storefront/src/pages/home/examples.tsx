import {
  MASTERED_AUTOPLAY_DELAY_MS,
  SHOWCASE_EMPTY,
  SHOWCASE_LOAD_FAILED,
  SHOWCASE_LOADING,
  TRACK_LOADING_TIMEOUT_MS,
} from '@mastering/contracts';
import { Badge, cn, EmptyState, Skeleton, Spinner } from '@mastering/ui/core';
import { AudioWaveform, CircleX, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useShowcaseTracks } from '../../api/showcase';
import { playerTracks, type PlayerTrack } from '../../lib/demo-tracks';
import {
  initialPlayerState,
  playerKeyCommand,
  playerReducer,
  shouldAutoplay,
  wrapIndex,
  type PlayerAction,
  type Version,
} from '../../lib/player';
import { SectionHeading } from './section-heading';

const VERSIONS: readonly Version[] = ['original', 'mastered'];

function Artwork({ track, className }: { track: PlayerTrack; className?: string }) {
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-2xl bg-gradient-to-br from-primary/40 via-accent to-brand-2/30 shadow-lg',
        className,
      )}
    >
      {track.artworkUrl ? (
        // Below the first screen: fetched and decoded once the section nears the viewport.
        <img src={track.artworkUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <AudioWaveform className="absolute inset-0 m-auto size-1/3 text-foreground/50" aria-hidden />
      )}
    </div>
  );
}

// A dimmed neighbour in the carousel; picking it selects that track.
function Neighbour({ side, track, onPick }: { side: 'previous' | 'next'; track: PlayerTrack; onPick: () => void }) {
  return (
    <button
      type="button"
      data-testid={`player-${side}`}
      onClick={onPick}
      aria-label={`${side === 'previous' ? 'Previous' : 'Next'}: ${track.title} by ${track.artist}`}
      className="shrink-0 opacity-40 transition-opacity hover:opacity-70 focus-visible:opacity-70"
    >
      <Artwork track={track} className="size-20 sm:size-36" />
    </button>
  );
}

/**
 * The before/after player: a carousel with the neighbours dimmed (they wrap around), one big
 * play/pause button, title and artist, and the ORIGINAL / MASTERED toggle. Space plays/pauses and A
 * switches version anywhere on the page; switching restarts the track and keeps it playing, and
 * switching to mastered starts it after MASTERED_AUTOPLAY_DELAY_MS. A refused autoplay just shows paused.
 */
export function ExamplesPlayer({ tracks }: { tracks: readonly PlayerTrack[] }) {
  const count = tracks.length;
  const [state, dispatch] = useReducer(
    (s: typeof initialPlayerState, a: PlayerAction) => playerReducer(s, a, count),
    initialPlayerState,
  );
  const audio = useRef<HTMLAudioElement>(null);
  const autoplayTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const track = tracks[Math.min(state.index, count - 1)]!;
  const src = state.version === 'original' ? track.originalUrl : track.masteredUrl;
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const sourceKey = `${track.id}:${state.version}`;

  // The selection goes back to the first track when its track leaves the list.
  const selectedId = useRef(track.id);
  useEffect(() => {
    dispatch({ type: 'tracksChanged', count, selectedStillThere: tracks.some((t) => t.id === selectedId.current) });
  }, [tracks, count]);
  useEffect(() => {
    selectedId.current = track.id;
  }, [track.id]);

  // Each track (and version) shows a loading state until its audio answers, for at most TRACK_LOADING_TIMEOUT_MS.
  useEffect(() => {
    setLoadingKey(sourceKey);
    const timer = setTimeout(() => setLoadingKey((key) => (key === sourceKey ? null : key)), TRACK_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [sourceKey]);
  const loaded = () => setLoadingKey((key) => (key === sourceKey ? null : key));

  // A new source (track or version) always starts from the beginning, even when the URL is the same.
  useEffect(() => {
    const element = audio.current;
    if (element && element.currentTime > 0) element.currentTime = 0;
  }, [sourceKey]);

  // The element follows the state; a refused play() (autoplay policy) silently flips it back to paused.
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (state.playing) element.play()?.catch(() => dispatch({ type: 'paused' }));
    else element.pause();
  }, [state.playing, sourceKey]);

  useEffect(() => () => clearTimeout(autoplayTimer.current), []);

  const switchVersion = useCallback(
    (next: Version) => {
      if (next === state.version) return;
      dispatch({ type: 'setVersion', version: next });
      clearTimeout(autoplayTimer.current);
      if (shouldAutoplay(state.version, next))
        autoplayTimer.current = setTimeout(() => dispatch({ type: 'played' }), MASTERED_AUTOPLAY_DELAY_MS);
    },
    [state.version],
  );

  useEffect(() => {
    // While the upload modal (or any dialog) is open, the keys belong to it.
    const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;
    const onKeyDown = (event: KeyboardEvent) => {
      const command = playerKeyCommand(event);
      if (!command || dialogOpen()) return;
      event.preventDefault();
      // A held key repeats: one press is one toggle.
      if (event.repeat) return;
      if (command === 'togglePlay') dispatch({ type: 'togglePlay' });
      else switchVersion(state.version === 'original' ? 'mastered' : 'original');
    };
    // A focused button clicks itself when Space comes back up: swallow that, so Space toggles once.
    const onKeyUp = (event: KeyboardEvent) => {
      if (playerKeyCommand(event) === 'togglePlay' && !dialogOpen()) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [switchVersion, state.version]);

  const previous = tracks[wrapIndex(state.index, -1, count)]!;
  const next = tracks[wrapIndex(state.index, 1, count)]!;
  const loading = loadingKey === sourceKey;

  return (
    <div
      data-testid="examples-player"
      data-playing={state.playing}
      data-version={state.version}
      data-track={track.id}
      className="flex flex-col items-center gap-6"
    >
      <Badge variant="secondary" className="px-3 py-1 text-sm" data-testid="player-genre">
        {track.genre}
      </Badge>
      <section
        className="flex w-full items-center justify-center gap-3 sm:gap-6"
        aria-roledescription="carousel"
        aria-label="Example tracks"
      >
        {count > 1 && <Neighbour side="previous" track={previous} onPick={() => dispatch({ type: 'previous' })} />}
        <Artwork track={track} className="size-44 shrink-0 sm:size-64" />
        {count > 1 && <Neighbour side="next" track={next} onPick={() => dispatch({ type: 'next' })} />}
      </section>
      <button
        type="button"
        data-testid="player-play"
        onClick={() => dispatch({ type: 'togglePlay' })}
        aria-label={state.playing ? 'Pause' : 'Play'}
        aria-busy={loading}
        className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {loading ? (
          <Spinner label="Loading track" className="[&_svg]:text-primary-foreground" />
        ) : state.playing ? (
          <Pause className="size-7" aria-hidden />
        ) : (
          <Play className="ml-1 size-7" aria-hidden />
        )}
      </button>
      <div className="text-center" aria-live="polite">
        <p className="text-xl font-semibold" data-testid="player-title">
          {track.title}
        </p>
        <p className="text-muted-foreground">{track.artist}</p>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a two-button switch, not a form section; a fieldset's legend and border would only be hidden again */}
      <div
        className="grid w-64 grid-cols-2 rounded-lg bg-muted p-1 text-xs font-semibold tracking-wide"
        role="group"
        aria-label="Version"
      >
        {VERSIONS.map((option) => (
          <button
            key={option}
            type="button"
            data-testid={`player-${option}`}
            aria-pressed={state.version === option}
            onClick={() => switchVersion(option)}
            className={cn(
              'rounded-md py-2 uppercase transition-colors',
              state.version === option
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option}
          </button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        <kbd className="rounded border border-border px-1.5 py-0.5 font-mono">Space</kbd> play/pause ·{' '}
        <kbd className="rounded border border-border px-1.5 py-0.5 font-mono">A</kbd> original/mastered
      </p>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onLoadedMetadata={loaded}
        onCanPlay={loaded}
        onError={loaded}
        onPlay={() => dispatch({ type: 'played' })}
        onPause={() => dispatch({ type: 'paused' })}
        onEnded={() => dispatch({ type: 'paused' })}
        className="hidden"
      />
    </div>
  );
}

/** Examples: the before/after player over the active showcase tracks (or the demo tracks when there are none). */
export function Examples() {
  const { data: tracks, isLoading, isError } = useShowcaseTracks();
  const list = useMemo(() => tracks && playerTracks(tracks), [tracks]);
  return (
    <section id="examples" className="scroll-mt-20 bg-card/30 py-20">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading eyebrow="Examples" title="Hear the difference">
          Switch between the original mix and our master.
        </SectionHeading>
        {isLoading && (
          <div aria-busy className="flex flex-col items-center gap-6" data-testid="examples-loading">
            <p className="text-sm text-muted-foreground">{SHOWCASE_LOADING}</p>
            <div className="flex items-center gap-6">
              <Skeleton className="hidden size-36 rounded-2xl sm:block" />
              <Skeleton className="size-44 rounded-2xl sm:size-64" />
              <Skeleton className="hidden size-36 rounded-2xl sm:block" />
            </div>
            <Skeleton className="size-16 rounded-full" />
          </div>
        )}
        {isError && <EmptyState icon={CircleX} title={SHOWCASE_LOAD_FAILED} data-testid="examples-error" />}
        {tracks && list && (
          <>
            {tracks.length === 0 && (
              <p className="mb-6 text-center text-sm text-muted-foreground" data-testid="examples-empty">
                {SHOWCASE_EMPTY}
              </p>
            )}
            <ExamplesPlayer tracks={list} />
          </>
        )}
      </div>
    </section>
  );
}
