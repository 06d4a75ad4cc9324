import { CLAIM_SETTINGS_NOTE, ClaimSettings, type ClaimFigures, type ClaimsOverview } from '@mastering/contracts';
import { checkForm, failedLoad, Input, Label } from '@mastering/ui';
import { useState } from 'react';
import { SettingsCardForm, useCardDraft } from './settings-parts';
import { useClaimsOverview, useSaveClaimSettings } from '../../api/claims';

type Draft = Record<keyof ClaimSettings, string>;

const FIELDS: [keyof ClaimSettings, string][] = [
  ['minTracksDelivered', 'Minimum tracks delivered before any claim'],
  ['maxMedianDeliveryHours', 'Longest median delivery to claim (hours)'],
  ['minStreamingReadyPercent', 'Minimum streaming-ready share to claim (%)'],
];

const draftOf = ({ settings: s }: ClaimsOverview): Draft => ({
  minTracksDelivered: String(s.minTracksDelivered),
  maxMedianDeliveryHours: String(s.maxMedianDeliveryHours),
  minStreamingReadyPercent: String(s.minStreamingReadyPercent),
});

/** The figures in words, so the admin sees what each threshold is compared with. */
function figuresText(f: ClaimFigures): string {
  const median =
    f.medianDeliveryHours === null
      ? 'no median delivery yet'
      : `median delivery ${f.medianDeliveryHours.toFixed(1)} hours`;
  const ready = f.mastersMeasured
    ? `${f.mastersStreamingReady} of ${f.mastersMeasured} measured masters at or under -1 dBTP`
    : 'no master measured yet';
  return `Now: ${f.tracksDelivered} tracks delivered; ${median}; ${ready}.`;
}

/** Settings → Marketing claims: the thresholds, the figures they apply to, and what the home page shows. */
export function ClaimsSettings() {
  const overview = useClaimsOverview();
  const save = useSaveClaimSettings();
  const { draft, setDraft, saveDraft } = useCardDraft(overview.data, draftOf, save, 'Marketing claims saved');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const submit = () => {
    if (!draft) return;
    const checked = checkForm(ClaimSettings, draft);
    if (!checked.ok) return setErrors(checked.fieldErrors);
    setErrors({});
    saveDraft(checked.data);
  };

  return (
    <SettingsCardForm
      title="Marketing claims"
      description={CLAIM_SETTINGS_NOTE}
      testId="claims-settings"
      failed={failedLoad(overview, 'the marketing claims')}
      ready={!!overview.data && !!draft}
      saving={save.isPending}
      saveLabel="Save claims"
      onSubmit={submit}
      fields={() =>
        overview.data &&
        draft && (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              {FIELDS.map(([key, label]) => (
                <div key={key} className="space-y-2">
                  <Label htmlFor={`claims-${key}`}>{label}</Label>
                  <Input
                    id={`claims-${key}`}
                    inputMode="numeric"
                    value={draft[key]}
                    onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                    aria-invalid={!!errors[key]}
                    aria-describedby={errors[key] ? `claims-${key}-error` : undefined}
                  />
                  {errors[key] && (
                    <p id={`claims-${key}-error`} className="text-sm text-destructive">
                      {errors[key]}
                    </p>
                  )}
                </div>
              ))}
            </div>
            <p className="text-sm text-muted-foreground" data-testid="claims-figures">
              {figuresText(overview.data.figures)}
            </p>
            <p className="text-sm" data-testid="claims-shown">
              {overview.data.claims.length === 0
                ? 'The home page states no figure yet.'
                : `The home page shows: ${overview.data.claims.map((c) => `${c.figure} ${c.label}`).join(' · ')}.`}
            </p>
          </>
        )
      }
    />
  );
}
