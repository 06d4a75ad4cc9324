import {
  RETENTION_ENDINGS,
  RETENTION_FIELD_LABELS,
  RETENTION_SETTING_KEYS,
  RETENTION_SETTINGS_NOTE,
  SECURITY_SETTINGS_NOTE,
  SETTINGS_TEXTS,
  UPLOAD_LIMITS_NOTE,
  type UploadLimitSettings,
} from '@mastering/contracts';
import type { SectionProps } from './settings-draft';
import { SettingsSection, type TextSetting, TextSettings, Toggle } from './settings-parts';

const numeric = { inputMode: 'numeric' } as const;

type SessionKey = 'sessionTimeout' | 'maxLoginAttempts';
/** Sessions and sign-in attempts. */
const SESSION_FIELDS: readonly TextSetting<SessionKey>[] = [
  { key: 'sessionTimeout', label: 'Session timeout (hours)', testId: 'settings-session-timeout', input: numeric },
  { key: 'maxLoginAttempts', label: 'Max login attempts', input: numeric },
];

/** How long audio is kept after each ending of an order (the delivered box keeps its old test id). */
const RETENTION_FIELDS = RETENTION_ENDINGS.map((ending) => ({
  key: RETENTION_SETTING_KEYS[ending],
  label: RETENTION_FIELD_LABELS[ending],
  testId: ending === 'delivered' ? 'settings-audio-retention-days' : `settings-retention-${ending}`,
  input: numeric,
}));

/** The upload limits' boxes, in order. */
const UPLOAD_LIMIT_FIELDS: readonly TextSetting<keyof UploadLimitSettings>[] = (
  [
    ['uploadFilesPerVisitor', 'Files per visitor'],
    ['uploadGbPerVisitor', 'GB per visitor'],
    ['uploadFilesPerAddress', 'Files per network address'],
    ['uploadGbPerAddress', 'GB per network address'],
  ] as const
).map(([key, label]) => ({ key, label, testId: `settings-${key}`, input: numeric }));

/** Settings → Security: session length, sign-in attempts, audio retention per ending and upload limits. */
export function SecuritySection({ values, errors, set }: SectionProps<'security'>) {
  return (
    <SettingsSection title="Security" description={SECURITY_SETTINGS_NOTE}>
      <TextSettings fields={SESSION_FIELDS} values={values} errors={errors} onChange={set} />
      <div className="space-y-2">
        <p className="text-sm font-medium">Audio retention</p>
        <p className="text-sm text-muted-foreground">{RETENTION_SETTINGS_NOTE}</p>
        <TextSettings fields={RETENTION_FIELDS} values={values} errors={errors} onChange={set} />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium">Upload limits</p>
        <p className="text-sm text-muted-foreground">{UPLOAD_LIMITS_NOTE}</p>
        <TextSettings fields={UPLOAD_LIMIT_FIELDS} values={values} errors={errors} onChange={set} />
      </div>
      {/* Shown as the spec lists them, but fixed: this platform has neither admin tokens nor passwords to police. */}
      <Toggle
        id="settings-admin-token"
        label="Admin token protection"
        hint={SETTINGS_TEXTS.adminTokenHint}
        checked
        disabled
      />
      <Toggle
        id="settings-strong-passwords"
        label="Strong password policy"
        hint={SETTINGS_TEXTS.strongPasswordsHint}
        checked={false}
        disabled
      />
    </SettingsSection>
  );
}
