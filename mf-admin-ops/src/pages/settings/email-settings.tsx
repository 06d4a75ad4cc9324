import {
  EMAIL_SETTINGS_NOTE,
  plaintextAllowed,
  SETTINGS_TEXTS,
  testEmailStatusText,
  type PublicEmailSettings,
} from '@mastering/contracts';
import { Button, serverErrorText, toast } from '@mastering/ui';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useSendTestEmail, useTestEmailStatus } from '../../api/settings';
import type { Draft, SectionProps } from './settings-draft';
import {
  SettingsSection,
  type SwitchSetting,
  SwitchSettings,
  type TextSetting,
  TextSettings,
  Toggle,
} from './settings-parts';

type SmtpKey = 'smtpHost' | 'smtpPort' | 'smtpUser' | 'smtpPassword';
/** The SMTP boxes, in order; the password's placeholder says whether one is stored. */
const smtpFields = (passwordSet: boolean): readonly TextSetting<SmtpKey>[] => [
  { key: 'smtpHost', label: 'SMTP host', input: { placeholder: 'smtp.example.com' } },
  { key: 'smtpPort', label: 'SMTP port', testId: 'settings-smtp-port', input: { inputMode: 'numeric' } },
  { key: 'smtpUser', label: 'SMTP username', input: { autoComplete: 'off' } },
  {
    key: 'smtpPassword',
    label: 'SMTP password',
    testId: 'settings-smtp-password',
    input: {
      type: 'password',
      autoComplete: 'new-password',
      placeholder: passwordSet
        ? 'Stored (leave empty to keep it; changing the host, port, user or TLS needs it again)'
        : 'Not set',
    },
  },
];

/** Which notifications customers get. */
const NOTIFICATION_SWITCHES: readonly SwitchSetting<'orderConfirmationEmails' | 'statusUpdateEmails'>[] = [
  {
    key: 'orderConfirmationEmails',
    testId: 'settings-order-confirmation',
    label: 'Order confirmation emails',
    hint: 'Email customers when their payment is confirmed.',
  },
  {
    key: 'statusUpdateEmails',
    testId: 'settings-status-updates',
    label: 'Status update emails',
    hint: "Email customers when their order's status changes.",
  },
];

/** The SMTP fields of the screen differ from the saved ones (a test would not use what is typed). */
function smtpEdited(draft: Draft['email'], saved: PublicEmailSettings): boolean {
  return (
    draft.smtpHost.trim() !== saved.smtpHost ||
    draft.smtpPort.trim() !== String(saved.smtpPort) ||
    draft.smtpUser.trim() !== saved.smtpUser ||
    draft.smtpPassword !== '' ||
    draft.smtpPlaintextHost !== saved.smtpPlaintextHost
  );
}

/** The line under the test button: where the last test mail is, until the SMTP server has answered. */
function TestEmailOutcome({ jobId }: { jobId: string | null }) {
  const { data } = useTestEmailStatus(jobId);
  if (!jobId || !data) return null;
  return (
    <p
      role="status"
      className={data.state === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
      data-testid="settings-test-email-status"
      data-state={data.state}
    >
      {testEmailStatusText(data)}
    </p>
  );
}

/** The test button, and what became of the last test mail (it goes through the saved settings). */
function TestEmail({ edited }: { edited: boolean }) {
  const testEmail = useSendTestEmail();
  const [testJobId, setTestJobId] = useState<string | null>(null);
  const sendTest = () =>
    testEmail.mutate(undefined, {
      onSuccess: (queued) => setTestJobId(queued.jobId),
      onError: (error) =>
        toast({
          title: 'Test email failed',
          description: serverErrorText(error, 'The test email could not be queued.'),
          variant: 'destructive',
        }),
    });
  return (
    <div className="space-y-2">
      <Button variant="outline" onClick={sendTest} disabled={testEmail.isPending} data-testid="settings-test-email">
        <Mail aria-hidden />
        {testEmail.isPending ? 'Sending...' : 'Send Test Email'}
      </Button>
      {edited && <p className="text-sm text-muted-foreground">{SETTINGS_TEXTS.testUsesSavedSettings}</p>}
      <TestEmailOutcome key={testJobId} jobId={testJobId} />
    </div>
  );
}

/** Settings → Email: the SMTP relay, which notifications go out, and a test mail. */
export function EmailSection({ values, errors, set, saved }: SectionProps<'email'> & { saved: PublicEmailSettings }) {
  const host = values.smtpHost.trim();
  return (
    <SettingsSection title="Email Configuration" description={EMAIL_SETTINGS_NOTE}>
      <TextSettings fields={smtpFields(saved.smtpPasswordSet)} values={values} errors={errors} onChange={set} />
      <Toggle
        id="settings-smtp-plaintext"
        label={SETTINGS_TEXTS.plaintextLabel}
        hint={SETTINGS_TEXTS.plaintextHint(host)}
        // The exemption names a host: typing another host turns it off until it is given again.
        checked={plaintextAllowed({ smtpHost: host, smtpPlaintextHost: values.smtpPlaintextHost })}
        onChange={(v) => set('smtpPlaintextHost', v ? host : '')}
        disabled={!host}
      />
      <SwitchSettings switches={NOTIFICATION_SWITCHES} values={values} onChange={set} />
      <TestEmail edited={smtpEdited(values, saved)} />
    </SettingsSection>
  );
}
