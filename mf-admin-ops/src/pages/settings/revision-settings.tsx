import type { Draft, SectionProps } from './settings-draft';
import { SettingsSection, type TextSetting, TextSettings } from './settings-parts';

/** The Revisions boxes, in order. */
const REVISION_FIELDS: readonly TextSetting<keyof Draft['revisions']>[] = [
  {
    key: 'freeRevisions',
    label: 'Free revisions per track',
    testId: 'settings-free-revisions',
    input: { inputMode: 'numeric' },
  },
  {
    key: 'revisionWindowDays',
    label: 'Revision window (days after delivery)',
    testId: 'settings-revision-window',
    input: { inputMode: 'numeric' },
  },
  {
    key: 'revisionHours',
    label: 'Revision promised within (hours after the request)',
    testId: 'settings-revision-hours',
    input: { inputMode: 'numeric' },
  },
];

/** Settings → Revisions: free rounds per track, how long after delivery they may be asked for, and how soon one is done. */
export function RevisionsSection({ values, errors, set }: SectionProps<'revisions'>) {
  return (
    <SettingsSection
      title="Revisions"
      description="Free revision rounds per track, how long after delivery customers may ask, and the hours each round is promised in."
    >
      <TextSettings fields={REVISION_FIELDS} values={values} errors={errors} onChange={set} />
    </SettingsSection>
  );
}
