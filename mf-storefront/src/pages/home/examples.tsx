import { SHOWCASE_EMPTY, SHOWCASE_LOAD_FAILED, SHOWCASE_LOADING, type ShowcaseTrack } from '@mastering/contracts';
import { Badge, cn, EmptyState, Skeleton } from '@mastering/ui';
import { AudioWaveform, CircleX, ListMusic } from 'lucide-react';
import { useRef, useState } from 'react';
import { useShowcaseTracks } from '../../api/showcase';
import { SectionHeading } from './section-heading';

type Version = 'original' | 'mastered';

/** One before/after example: artwork, title, artist and an ORIGINAL / MASTERED audio player. */
function ExampleTrack({ track }: { track: ShowcaseTrack }) {
  const [version, setVersion] = useState<Version>('mastered');
  const audio = useRef<HTMLAudioElement>(null);
  const src = version === 'original' ? track.originalAudioUrl : track.masteredAudioUrl;

  // Switching version restarts the track and keeps playing if it was playing.
  const switchTo = (next: Version) => {
    if (next === version) return;
    const wasPlaying = audio.current ? !audio.current.paused : false;
    setVersion(next);
    requestAnimationFrame(() => {
      if (!audio.current) return;
      audio.current.currentTime = 0;
      if (wasPlaying) void audio.current.play().catch(() => undefined);
    });
  };

  return (
    <li data-testid="showcase-track" className="flex flex-col overflow-hidden rounded-xl border border-border bg-card">
      <div className="relative aspect-square bg-gradient-to-br from-primary/40 via-accent to-brand-2/30">
        {track.artworkUrl ? (
          <img src={track.artworkUrl} alt={`${track.title} cover art`} className="size-full object-cover" loading="lazy" />
        ) : (
          <AudioWaveform className="absolute inset-0 m-auto size-16 text-foreground/50" aria-hidden />
        )}
        <Badge variant="secondary" className="absolute top-3 right-3 bg-background/80 backdrop-blur">
          {track.genre}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <p className="truncate font-semibold">{track.title}</p>
          <p className="truncate text-sm text-muted-foreground">{track.artist}</p>
        </div>
        <div className="grid grid-cols-2 rounded-lg bg-muted p-1 text-xs font-semibold tracking-wide" role="group" aria-label="Version">
          {(['original', 'mastered'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={version === option}
              onClick={() => switchTo(option)}
              className={cn(
                'rounded-md py-1.5 uppercase transition-colors',
                version === option ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {option}
            </button>
          ))}
        </div>
        {src ? (
          <audio ref={audio} src={src} controls preload="none" className="mt-auto h-10 w-full" aria-label={`${track.title}, ${version}`} />
        ) : (
          <p className="mt-auto text-xs text-muted-foreground">This version is not available yet.</p>
        )}
      </div>
    </li>
  );
}

/** Examples: the active showcase tracks, each playable before and after mastering. */
export function Examples() {
  const { data: tracks, isLoading, isError } = useShowcaseTracks();
  return (
    <section id="examples" className="scroll-mt-20 bg-card/30 py-20">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading eyebrow="Examples" title="Hear the difference">
          Switch between the original mix and our master.
        </SectionHeading>
        {isLoading && (
          <div aria-busy>
            <p className="mb-4 text-center text-sm text-muted-foreground">{SHOWCASE_LOADING}</p>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="aspect-[3/4] rounded-xl" />
              ))}
            </div>
          </div>
        )}
        {isError && <EmptyState icon={CircleX} title={SHOWCASE_LOAD_FAILED} />}
        {tracks && tracks.length === 0 && <EmptyState icon={ListMusic} title={SHOWCASE_EMPTY} />}
        {tracks && tracks.length > 0 && (
          <ul className={cn('grid gap-5 sm:grid-cols-2', tracks.length % 3 === 0 ? 'lg:grid-cols-3' : 'lg:grid-cols-4')}>
            {tracks.map((track) => (
              <ExampleTrack key={track.id} track={track} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
