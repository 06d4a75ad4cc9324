import { formatOrderDate, type SettingsChange } from '@mastering/contracts';
import { SettingsSection } from './settings-parts';

/** Settings → Recent changes: who saved the settings, which sections changed, and when (nothing until a save). */
export function RecentChanges({ changes }: { changes: readonly SettingsChange[] }) {
  if (changes.length === 0) return null;
  return (
    <SettingsSection
      title="Recent changes"
      description="Who saved the settings, and which sections changed."
      className=""
    >
      <ul className="divide-y divide-border text-sm" data-testid="settings-changes">
        {changes.map((c) => (
          <li key={c.changedAt} className="flex flex-wrap justify-between gap-2 py-2">
            <span>{c.changedBy ?? 'a removed user'}</span>
            <span className="text-muted-foreground">{c.sections.length ? c.sections.join(', ') : 'no changes'}</span>
            <span className="text-muted-foreground">{formatOrderDate(c.changedAt)}</span>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
