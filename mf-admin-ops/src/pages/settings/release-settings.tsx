import { ReleaseSettings } from '@mastering/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  checkForm,
  Input,
  Label,
  Skeleton,
} from '@mastering/ui';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useCardDraft } from './settings-parts';
import { useReleaseSettings, useSaveReleaseSettings } from '../../api/releases';

type Draft = { price: string; tolerance: string };

const draftOf = (s: ReleaseSettings): Draft => ({
  price: s.releaseTrackPriceCents === null ? '' : String(s.releaseTrackPriceCents / 100),
  tolerance: String(s.coherenceToleranceLu),
});

/** Settings → Releases: the price per track of an EP or album (empty: the single price) and the coherence tolerance. */
export function ReleaseSettingsCard() {
  const settings = useReleaseSettings();
  const save = useSaveReleaseSettings();
  const { draft, setDraft, saveDraft } = useCardDraft(settings.data, draftOf, save, 'Release settings saved');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!draft) return;
    const price = draft.price.trim() === '' ? null : Math.round(Number(draft.price) * 100);
    const checked = checkForm(ReleaseSettings, {
      releaseTrackPriceCents: price,
      coherenceToleranceLu: Number(draft.tolerance),
    });
    if (!checked.ok) return setError(checked.message);
    setError(null);
    saveDraft(checked.data);
  };

  return (
    <Card data-testid="release-settings">
      <CardHeader>
        <CardTitle>EPs and albums</CardTitle>
        <CardDescription>
          The price of each track of an EP or album (the launch discount applies as to singles), and how far a master
          may stray from the release's anchor before the coherence table flags it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!draft ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor="release-price">Price per release track (R; empty: the single price)</Label>
                <Input
                  id="release-price"
                  inputMode="decimal"
                  value={draft.price}
                  onChange={(e) => setDraft({ ...draft, price: e.target.value })}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="release-tolerance">Coherence tolerance (LU)</Label>
                <Input
                  id="release-tolerance"
                  inputMode="decimal"
                  value={draft.tolerance}
                  onChange={(e) => setDraft({ ...draft, tolerance: e.target.value })}
                />
              </div>
            </div>
            {error && <p className="text-sm text-destructive">{error}</p>}
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden />
              Save release settings
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
