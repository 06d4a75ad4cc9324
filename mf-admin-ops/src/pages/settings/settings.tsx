import { formatOrderDate, SCREEN_TITLES, SETTINGS_TEXTS } from '@mastering/contracts';
import { Button, failedLoad, LoadError, ScreenHeader, serverErrorText, Skeleton, toast } from '@mastering/ui';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSaveSettings, useSettings } from '../../api/settings';
import { EmailSection } from './email-settings';
import { GeneralSection } from './general-settings';
import { ClaimsSettings } from './claims-settings';
import { ReleasePackSettingsCard } from './release-pack-settings';
import { ReleaseSettingsCard } from './release-settings';
import { LegalSettings } from './legal-settings';
import { PricingSection } from './pricing-settings';
import { RecentChanges } from './recent-changes';
import { RevisionsSection } from './revision-settings';
import { SecuritySection } from './security-settings';
import { checkDraft, type Draft, type FieldErrors, type SectionSetter, toDraft } from './settings-draft';
import { SystemStatusCard } from './system-status-card';

/**
 * Settings: General, Pricing, Revisions, Security and Email, stored on the server (admin only), then
 * System Status, Legal and the recent saves. Saving checks every field with the same schema the server
 * uses; the storefront's prices follow a saved change at once.
 */
export default function SettingsPage() {
  const settings = useSettings();
  const { data, isLoading } = settings;
  const failed = failedLoad(settings, 'the settings');
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (data && !draft) setDraft(toDraft(data));
  }, [data, draft]);

  /** The setter of one section's values. */
  const setter =
    <S extends keyof Draft>(section: S): SectionSetter<S> =>
    (key, value) =>
      setDraft((d) => d && { ...d, [section]: { ...d[section], [key]: value } });

  const onSave = () => {
    if (!draft) return;
    const { body, errors } = checkDraft(draft);
    setErrors(errors);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        setDraft((d) => d && { ...d, email: { ...d.email, smtpPassword: '' } });
        toast({ title: SETTINGS_TEXTS.savedTitle });
      },
      onError: (error) =>
        toast({
          title: SETTINGS_TEXTS.saveFailedTitle,
          description: serverErrorText(error, SETTINGS_TEXTS.saveFailed),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div data-testid="page-settings" className="mx-auto w-full max-w-4xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.settings}
        // No author: saved by the first setup (the seed), or by a user since deleted.
        description={
          data?.updatedAt
            ? `Last saved ${formatOrderDate(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}`
            : 'Using the defaults: nothing saved yet.'
        }
        descriptionTestId="settings-saved-by"
      >
        <Button onClick={onSave} disabled={!draft || save.isPending} data-testid="settings-save">
          <Save aria-hidden />
          {save.isPending ? 'Saving...' : 'Save All Settings'}
        </Button>
      </ScreenHeader>

      {failed ? (
        <LoadError {...failed} />
      ) : isLoading || !draft || !data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <GeneralSection values={draft.general} errors={errors} set={setter('general')} />
          <PricingSection values={draft.pricing} errors={errors} set={setter('pricing')} />
          <RevisionsSection values={draft.revisions} errors={errors} set={setter('revisions')} />
          <SecuritySection values={draft.security} errors={errors} set={setter('security')} />
          <EmailSection values={draft.email} errors={errors} set={setter('email')} saved={data.email} />
          <SystemStatusCard />
          <ClaimsSettings />
          <ReleasePackSettingsCard />
          <ReleaseSettingsCard />
          <LegalSettings />
          <RecentChanges changes={data.recentChanges} />
        </>
      )}
    </div>
  );
}
