import { EMPTY_TEXTS, SCREEN_TITLES, SHOWCASE_TEXTS, type ShowcaseTrack } from '@mastering/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  failedLoad,
  LoadError,
  Switch,
  ScreenHeader,
} from '@mastering/ui';
import { ArrowDown, ArrowUp, AudioWaveform } from 'lucide-react';
import { DemoBadge } from '../../components/demo-badge';
import { useState } from 'react';
import { showcaseTracks } from '../../api/showcase';
import { ConfirmDelete, LoadingRows, RowButtons } from '../../components/fields';
import { useCollection } from '../../components/use-collection';
import { ShowcaseForm } from './showcase-form';

/** Showcase Management: the upload form and the tracks, each with view/edit mode, active toggle, reorder and delete. */
export default function ShowcasePage() {
  // Remounting the upload form after a success empties it, file inputs included.
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const {
    items: tracks,
    isLoading,
    listQuery,
    busy,
    deleting,
    deleteBusy,
    setDeleting,
    toggle,
    move,
    confirmDelete,
  } = useCollection(showcaseTracks, SHOWCASE_TEXTS);
  const failed = failedLoad(listQuery, 'the showcase tracks');

  return (
    <div data-testid="page-showcase" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader title={SCREEN_TITLES.showcase} description="Before/after examples for the home page player." />

      <Card>
        <CardHeader>
          <CardTitle aria-level={2}>Upload Showcase Track</CardTitle>
          <CardDescription>
            Artwork is cropped to a square; audio plays in the home page&apos;s before/after player.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ShowcaseForm key={formKey} nextDisplayOrder={tracks.length} onDone={() => setFormKey((k) => k + 1)} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle aria-level={2}>Showcase Tracks ({tracks.length})</CardTitle>
          <CardDescription>Shown on the home page in this order; hidden tracks stay here only.</CardDescription>
        </CardHeader>
        <CardContent>
          {failed ? (
            <LoadError {...failed} />
          ) : isLoading ? (
            <LoadingRows />
          ) : tracks.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground" data-testid="showcase-empty">
              {EMPTY_TEXTS.showcase}
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {tracks.map((track, index) => (
                <li key={track.id} data-testid="showcase-row" className="py-4">
                  {editing === track.id ? (
                    <ShowcaseForm track={track} onDone={() => setEditing(null)} />
                  ) : (
                    <TrackRow
                      track={track}
                      first={index === 0}
                      last={index === tracks.length - 1}
                      busy={busy}
                      onToggle={(active) => void toggle(track, active)}
                      onMove={(delta) => void move(index, delta)}
                      onEdit={() => setEditing(track.id)}
                      onDelete={() => setDeleting(track)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <ConfirmDelete
        open={deleting !== null}
        what={deleting ? `"${deleting.title}" by ${deleting.artist}` : ''}
        busy={deleteBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

/** One track in view mode: artwork, details, both audio versions to preview, and its actions. */
function TrackRow({
  track,
  first,
  last,
  busy,
  onToggle,
  onMove,
  onEdit,
  onDelete,
}: {
  track: ShowcaseTrack;
  first: boolean;
  last: boolean;
  busy: boolean;
  onToggle: (active: boolean) => void;
  onMove: (delta: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const active = track.isActive === 'true';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted">
            {track.artworkUrl ? (
              <img
                src={track.artworkUrl}
                alt={`${track.title} cover art`}
                className="size-full object-cover"
                loading="lazy"
              />
            ) : (
              <AudioWaveform className="size-8 text-muted-foreground" aria-hidden />
            )}
          </div>
          <div className="min-w-0 space-y-1">
            <p className="truncate font-semibold" data-testid="showcase-row-title">
              {track.title}
            </p>
            <p className="truncate text-sm text-muted-foreground">{track.artist}</p>
            <div className="flex flex-wrap gap-2">
              <DemoBadge demo={track.isDemo} testId="showcase-row-demo" />
              <Badge variant="secondary">{track.genre}</Badge>
              <Badge variant={active ? 'default' : 'outline'} data-testid="showcase-row-status">
                {active ? 'Active' : 'Hidden'}
              </Badge>
              <Badge variant="outline">Order {track.displayOrder}</Badge>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Switch
            checked={active}
            onChange={onToggle}
            disabled={busy}
            aria-label={`Show ${track.title} on the home page`}
            data-testid="showcase-row-active"
          />
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onMove(-1)}
            disabled={first || busy}
            aria-label={`Move ${track.title} up`}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onMove(1)}
            disabled={last || busy}
            aria-label={`Move ${track.title} down`}
          >
            <ArrowDown aria-hidden />
          </Button>
          <RowButtons testId="showcase-row" onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 sm:pl-24">
        {(
          [
            ['Original', track.originalAudioUrl],
            ['Mastered', track.masteredAudioUrl],
          ] as const
        ).map(([label, url]) => (
          <div key={label} className="space-y-1">
            <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
            {url ? (
              <audio
                controls
                preload="none"
                src={url}
                className="h-9 w-full"
                aria-label={`${label} audio of ${track.title}`}
              />
            ) : (
              <p className="text-xs text-muted-foreground">No file</p>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
