import { PACK_FORMAT_INFO, PACK_FORMATS, ReleasePackSettings, type PackFormat } from '@mastering/contracts';
import { checkForm, failedLoad, Input } from '@mastering/ui';
import { useState } from 'react';
import { SettingsCardForm, useCardDraft } from './settings-parts';
import { useReleasePackSettings, useSaveReleasePackSettings } from '../../api/release-pack';

/** One format as typed: offered or not, and its price per track in rand. */
type Draft = Record<PackFormat, { offered: boolean; price: string }>;

const draftOf = (s: ReleasePackSettings): Draft =>
  Object.fromEntries(
    PACK_FORMATS.map((f) => [f, { offered: s.offers[f].offered, price: String(s.offers[f].priceCents / 100) }]),
  ) as Draft;

/** The settings a draft means (prices to cents), or null with the first bad price. */
function settingsOf(draft: Draft) {
  return {
    offers: Object.fromEntries(
      PACK_FORMATS.map((f) => [
        f,
        { offered: draft[f].offered, priceCents: Math.round(Number(draft[f].price.trim() || 'NaN') * 100) },
      ]),
    ),
  };
}

/** Settings → Release pack: which formats customers may pick at order time and their price per track. */
export function ReleasePackSettingsCard() {
  const stored = useReleasePackSettings();
  const save = useSaveReleasePackSettings();
  const { draft, setDraft, saveDraft } = useCardDraft(stored.data, draftOf, save, 'Release pack saved');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!draft) return;
    const checked = checkForm(ReleasePackSettings, settingsOf(draft));
    if (!checked.ok) return setError('Enter each price in rand, 0 or more (0 makes the format free).');
    setError(null);
    saveDraft(checked.data);
  };

  return (
    <SettingsCardForm
      title="Release pack"
      description="The formats customers may add at order time, each rendered from the master with their metadata. Prices are per track in rand; 0 is free. New orders are priced from what is saved here."
      testId="release-pack-settings"
      failed={failedLoad(stored, 'the release pack settings')}
      ready={!!draft}
      error={error}
      saving={save.isPending}
      saveLabel="Save release pack"
      onSubmit={submit}
      fields={() =>
        draft &&
        PACK_FORMATS.map((f) => (
          <div key={f} className="flex items-center gap-3 text-sm">
            <label className="flex flex-1 items-center gap-2">
              <input
                type="checkbox"
                checked={draft[f].offered}
                onChange={(e) => setDraft({ ...draft, [f]: { ...draft[f], offered: e.target.checked } })}
                data-testid={`pack-offered-${f}`}
              />
              {PACK_FORMAT_INFO[f].label}
            </label>
            <span className="text-muted-foreground">R</span>
            <Input
              className="w-28"
              inputMode="decimal"
              aria-label={`${PACK_FORMAT_INFO[f].label} price per track (rand)`}
              value={draft[f].price}
              onChange={(e) => setDraft({ ...draft, [f]: { ...draft[f], price: e.target.value } })}
              data-testid={`pack-price-${f}`}
            />
          </div>
        ))
      }
    />
  );
}
