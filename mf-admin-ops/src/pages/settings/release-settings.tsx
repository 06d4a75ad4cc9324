import { ReleaseSettings } from '@mastering/contracts';
import { checkForm, failedLoad, Input, Label } from '@mastering/ui';
import { useState } from 'react';
import { SettingsCardForm, useCardDraft } from './settings-parts';
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
    <SettingsCardForm
      title="EPs and albums"
      description="The price of each track of an EP or album (the launch discount applies as to singles), and how far a master may stray from the release's anchor before the coherence table flags it."
      testId="release-settings"
      failed={failedLoad(settings, 'the release settings')}
      ready={!!draft}
      error={error}
      saving={save.isPending}
      saveLabel="Save release settings"
      onSubmit={submit}
      fields={() =>
        draft && (
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
        )
      }
    />
  );
}
