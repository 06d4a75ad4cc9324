import { formatTrackTime, type OrderTrackView, type RevisionAllowance } from '@mastering/contracts';
import { Button, Label, serverErrorText, Textarea } from '@mastering/ui/core';
import { useId, useState } from 'react';
import { useRequestRevision } from '../../api/order-page';

/** How many free revisions a track has left. */
export const revisionsLeft = (track: OrderTrackView, allowance: RevisionAllowance) =>
  Math.max(0, allowance.free - track.revisions.length);

/**
 * Request a revision of one track: what should change, optionally pinned to a time of the track
 * (`pinned`, set by clicking the player's progress bar). The server decides; its refusal is shown as it says.
 */
export function RevisionForm({
  orderId,
  token,
  track,
  allowance,
  pinned,
  onUnpin,
}: {
  orderId: string;
  token: string;
  track: OrderTrackView;
  allowance: RevisionAllowance;
  pinned: number | null;
  onUnpin: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const request = useRequestRevision(orderId, token);
  const left = revisionsLeft(track, allowance);
  return (
    <form
      className="space-y-2"
      data-testid="revision-form"
      onSubmit={(e) => {
        e.preventDefault();
        request.mutate(
          { fileId: track.id, note, atSeconds: pinned },
          {
            onSuccess: () => {
              setNote('');
              setSent(true);
              onUnpin();
            },
          },
        );
      }}
    >
      <h3 className="font-medium">Request a revision</h3>
      <p className="text-sm text-muted-foreground" data-testid="revisions-left">
        {left} free revision{left === 1 ? '' : 's'} left for this track
        {allowance.windowEndsAt ? ` (until ${new Date(allowance.windowEndsAt).toLocaleDateString('en-ZA')})` : ''}.
      </p>
      <Label htmlFor={`${id}-note`}>What should change?</Label>
      <Textarea
        id={`${id}-note`}
        value={note}
        maxLength={2000}
        onChange={(e) => setNote(e.target.value)}
        placeholder="e.g. the kick is too loud in the chorus"
      />
      {pinned !== null && (
        <p className="flex items-center gap-2 text-sm" data-testid="revision-pinned">
          at {formatTrackTime(pinned)}
          <Button type="button" variant="ghost" size="sm" onClick={onUnpin}>
            Unpin
          </Button>
        </p>
      )}
      {request.error && (
        <p role="alert" className="text-sm text-destructive" data-testid="revision-error">
          {serverErrorText(request.error, 'The revision request could not be sent. Please try again.')}
        </p>
      )}
      {sent && !request.error && (
        <p role="status" className="text-sm text-success" data-testid="revision-sent">
          Your revision request is with our engineers.
        </p>
      )}
      <Button type="submit" disabled={request.isPending || note.trim() === ''}>
        Send revision request
      </Button>
    </form>
  );
}
