import { useEffect, useState, type ReactNode } from 'react';
import {
  computePricing,
  EMAIL_SETTINGS_NOTE,
  EmailSettingsBody,
  formatOrderDate,
  formatRand,
  plaintextAllowed,
  PricingSettingsBody,
  SaveSettingsBody,
  SCREEN_TITLES,
  SECURITY_SETTINGS_NOTE,
  RevisionSettings,
  SecuritySettings,
  SETTINGS_TEXTS,
  testEmailStatusText,
  UPLOAD_LIMITS_NOTE,
  type UploadLimitSettings,
  type GeneralSettings,
  type PricingFields,
  type PublicEmailSettings,
  type SecuritySettings as SecurityValues,
} from '@mastering/contracts';
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
  serverErrorText,
  Skeleton,
  Switch,
  Textarea,
  toast,
} from '@mastering/ui';
import { Mail, Save } from 'lucide-react';
import { useSaveSettings, useSendTestEmail, useSettings, useTestEmailStatus } from '../../api/settings';
import { SystemStatusCard } from './system-status-card';
import { LegalSettings } from './legal-settings';
import { ClaimsSettings } from './claims-settings';

type UploadLimitKey = keyof UploadLimitSettings;
/** The upload limits' fields on the screen, in order, with their labels. */
const UPLOAD_LIMIT_FIELDS: readonly [UploadLimitKey, string][] = [
  ['uploadFilesPerVisitor', 'Files per visitor'],
  ['uploadGbPerVisitor', 'GB per visitor'],
  ['uploadFilesPerAddress', 'Files per network address'],
  ['uploadGbPerAddress', 'GB per network address'],
];

type IdentityKey = 'legalName' | 'registrationNumber' | 'vatNumber' | 'physicalAddress' | 'phone';
/** The studio's identity fields (shown in the footer, at checkout and on invoices), in order, with their labels. */
const IDENTITY_FIELDS: readonly [IdentityKey, string][] = [
  ['legalName', 'Legal name'],
  ['registrationNumber', 'Registration number'],
  ['vatNumber', 'VAT number'],
  ['phone', 'Phone'],
  ['physicalAddress', 'Physical address'],
];

type Draft = {
  general: GeneralSettings;
  pricing: Record<keyof PricingFields, string>;
  security: Omit<SecurityValues, 'sessionTimeout' | 'maxLoginAttempts' | 'audioRetentionDays' | UploadLimitKey> & {
    sessionTimeout: string;
    maxLoginAttempts: string;
    audioRetentionDays: string;
  } & Record<UploadLimitKey, string>;
  email: Omit<PublicEmailSettings, 'smtpPort' | 'smtpPasswordSet'> & { smtpPort: string; smtpPassword: string };
  revisions: Record<keyof RevisionSettings, string>;
};

/** One labelled field with its error message under it. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A switch with its label and a line saying what it does. */
function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <Switch checked={checked} onChange={onChange} disabled={disabled} aria-label={label} data-testid={id} />
    </div>
  );
}

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

/** The discounted price per track the figures being typed would give, or null while they are not valid. */
function discountedPreview(pricing: Draft['pricing']): string | null {
  const parsed = PricingSettingsBody.safeParse(pricing);
  return parsed.success ? formatRand(computePricing(1, parsed.data).total) : null;
}

/**
 * Settings: the General and Pricing sections, stored on the server (admin only). Saving checks every
 * field with the same schema the server uses; the storefront's prices follow a saved change at once.
 */
export default function SettingsPage() {
  const { data, isLoading } = useSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  useEffect(() => {
    if (data && !draft) {
      const p = data.pricing;
      const { smtpPasswordSet: _set, ...email } = data.email;
      setDraft({
        general: data.general,
        pricing: {
          basePrice: String(p.basePrice),
          launchDiscount: String(p.launchDiscount),
          maxFileSize: String(p.maxFileSize),
          launchEndsOn: p.launchEndsOn,
        },
        security: {
          ...data.security,
          sessionTimeout: String(data.security.sessionTimeout),
          maxLoginAttempts: String(data.security.maxLoginAttempts),
          audioRetentionDays: String(data.security.audioRetentionDays),
          ...(Object.fromEntries(UPLOAD_LIMIT_FIELDS.map(([key]) => [key, String(data.security[key])])) as Record<
            UploadLimitKey,
            string
          >),
        },
        // The stored password never comes back: the box stays empty, and an empty box keeps it.
        email: { ...email, smtpPort: String(email.smtpPort), smtpPassword: '' },
        revisions: {
          freeRevisions: String(data.revisions.freeRevisions),
          revisionWindowDays: String(data.revisions.revisionWindowDays),
        },
      });
    }
  }, [data, draft]);

  const setGeneral = <K extends keyof GeneralSettings>(key: K, value: GeneralSettings[K]) =>
    setDraft((d) => d && { ...d, general: { ...d.general, [key]: value } });
  const setPricing = (key: keyof PricingFields, value: string) =>
    setDraft((d) => d && { ...d, pricing: { ...d.pricing, [key]: value } });
  const setSecurity = <K extends keyof Draft['security']>(key: K, value: Draft['security'][K]) =>
    setDraft((d) => d && { ...d, security: { ...d.security, [key]: value } });
  const setRevisions = (key: keyof RevisionSettings, value: string) =>
    setDraft((d) => d && { ...d, revisions: { ...d.revisions, [key]: value } });
  const setEmail = <K extends keyof Draft['email']>(key: K, value: Draft['email'][K]) =>
    setDraft((d) => d && { ...d, email: { ...d.email, [key]: value } });
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

  const onSave = () => {
    if (!draft) return;
    const general = checkForm(SaveSettingsBody.shape.general, draft.general);
    const pricing = checkForm(PricingSettingsBody, draft.pricing);
    const security = checkForm(SecuritySettings, draft.security);
    const email = checkForm(EmailSettingsBody, { ...draft.email, smtpPassword: draft.email.smtpPassword || undefined });
    const revisions = checkForm(RevisionSettings, {
      freeRevisions: Number(draft.revisions.freeRevisions),
      revisionWindowDays: Number(draft.revisions.revisionWindowDays),
    });
    const checks = [general, pricing, security, email, revisions];
    setErrors(Object.assign({}, ...checks.map((c) => (c.ok ? {} : c.fieldErrors))));
    if (!general.ok || !pricing.ok || !security.ok || !email.ok || !revisions.ok) return;
    save.mutate(
      {
        general: general.data,
        pricing: {
          basePrice: Number(draft.pricing.basePrice),
          launchDiscount: Number(draft.pricing.launchDiscount),
          maxFileSize: Number(draft.pricing.maxFileSize),
          launchEndsOn: draft.pricing.launchEndsOn,
        },
        security: security.data,
        email: email.data,
        revisions: revisions.data,
      },
      {
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
      },
    );
  };

  const preview = draft ? discountedPreview(draft.pricing) : null;
  return (
    <div data-testid="page-settings" className="mx-auto w-full max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{SCREEN_TITLES.settings}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="settings-saved-by">
            {/* No author: saved by the first setup (the seed), or by a user since deleted. */}
            {data?.updatedAt
              ? `Last saved ${formatOrderDate(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}`
              : 'Using the defaults: nothing saved yet.'}
          </p>
        </div>
        <Button onClick={onSave} disabled={!draft || save.isPending} data-testid="settings-save">
          <Save aria-hidden />
          {save.isPending ? 'Saving...' : 'Save All Settings'}
        </Button>
      </div>

      {isLoading || !draft ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>General Settings</CardTitle>
              <CardDescription>
                The studio's name on the site and in every email, where customers write for help (the support address,
                else the contact one), and whether it takes orders.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="siteName" label="Site name" error={errors.siteName}>
                  <Input
                    id="siteName"
                    value={draft.general.siteName}
                    onChange={(e) => setGeneral('siteName', e.target.value)}
                    aria-invalid={!!errors.siteName}
                    data-testid="settings-site-name"
                  />
                </Field>
                <Field id="contactEmail" label="Contact email" error={errors.contactEmail}>
                  <Input
                    id="contactEmail"
                    type="email"
                    value={draft.general.contactEmail}
                    onChange={(e) => setGeneral('contactEmail', e.target.value)}
                    aria-invalid={!!errors.contactEmail}
                  />
                </Field>
                <Field id="supportEmail" label="Support email" error={errors.supportEmail}>
                  <Input
                    id="supportEmail"
                    type="email"
                    value={draft.general.supportEmail}
                    onChange={(e) => setGeneral('supportEmail', e.target.value)}
                    aria-invalid={!!errors.supportEmail}
                  />
                </Field>
              </div>
              <Field id="siteDescription" label="Site description" error={errors.siteDescription}>
                <Textarea
                  id="siteDescription"
                  value={draft.general.siteDescription}
                  onChange={(e) => setGeneral('siteDescription', e.target.value)}
                />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2" data-testid="settings-identity">
                {IDENTITY_FIELDS.map(([key, label]) => (
                  <Field key={key} id={key} label={label} error={errors[key]}>
                    <Input
                      id={key}
                      value={draft.general[key]}
                      onChange={(e) => setGeneral(key, e.target.value)}
                      aria-invalid={!!errors[key]}
                      data-testid={`settings-${key}`}
                    />
                  </Field>
                ))}
              </div>
              <Toggle
                id="settings-vat-vendor"
                label="VAT vendor"
                hint="On: prices include 15 % VAT, checkout shows the VAT amount and paid orders get a Tax Invoice. Off: a Receipt."
                checked={draft.general.vatVendor}
                onChange={(v) => setGeneral('vatVendor', v)}
              />
              <Toggle
                id="settings-maintenance"
                label="Maintenance mode"
                hint="While it is on, new orders are refused with a notice."
                checked={draft.general.maintenanceMode}
                onChange={(v) => setGeneral('maintenanceMode', v)}
              />
              <Toggle
                id="settings-analytics"
                label="Analytics"
                hint={SETTINGS_TEXTS.analyticsHint}
                checked
                disabled
                onChange={() => undefined}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Pricing Configuration</CardTitle>
              <CardDescription>
                What the storefront charges: every price is computed on the server from these figures.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-3">
                <Field id="basePrice" label="Base price (ZAR)" error={errors.basePrice}>
                  <Input
                    id="basePrice"
                    inputMode="decimal"
                    value={draft.pricing.basePrice}
                    onChange={(e) => setPricing('basePrice', e.target.value)}
                    aria-invalid={!!errors.basePrice}
                    data-testid="settings-base-price"
                  />
                </Field>
                <Field id="launchDiscount" label="Launch discount (%)" error={errors.launchDiscount}>
                  <Input
                    id="launchDiscount"
                    inputMode="decimal"
                    value={draft.pricing.launchDiscount}
                    onChange={(e) => setPricing('launchDiscount', e.target.value)}
                    aria-invalid={!!errors.launchDiscount}
                    data-testid="settings-discount"
                  />
                </Field>
                <Field id="maxFileSize" label="Max file size (MB)" error={errors.maxFileSize}>
                  <Input
                    id="maxFileSize"
                    inputMode="numeric"
                    value={draft.pricing.maxFileSize}
                    onChange={(e) => setPricing('maxFileSize', e.target.value)}
                    aria-invalid={!!errors.maxFileSize}
                  />
                </Field>
                <Field id="launchEndsOn" label="Launch special ends on" error={errors.launchEndsOn}>
                  <Input
                    id="launchEndsOn"
                    type="date"
                    value={draft.pricing.launchEndsOn}
                    onChange={(e) => setPricing('launchEndsOn', e.target.value)}
                    aria-invalid={!!errors.launchEndsOn}
                    aria-describedby="launchEndsOn-note"
                    data-testid="settings-launch-ends"
                  />
                  <p id="launchEndsOn-note" className="text-xs text-muted-foreground">
                    The home page counts down to the end of this day; then the discount stops. Blank: no end date.
                  </p>
                </Field>
              </div>
              <p className="rounded-lg bg-muted p-3 text-sm" data-testid="settings-price-preview">
                {preview
                  ? `Customers pay ${preview} per track after the discount.`
                  : 'Enter valid figures to see the price customers pay.'}
              </p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Revisions</CardTitle>
              <CardDescription>
                Free revision rounds per track, and how long after delivery customers may ask.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <Field id="freeRevisions" label="Free revisions per track" error={errors.freeRevisions}>
                <Input
                  id="freeRevisions"
                  inputMode="numeric"
                  value={draft.revisions.freeRevisions}
                  onChange={(e) => setRevisions('freeRevisions', e.target.value)}
                  aria-invalid={!!errors.freeRevisions}
                  data-testid="settings-free-revisions"
                />
              </Field>
              <Field
                id="revisionWindowDays"
                label="Revision window (days after delivery)"
                error={errors.revisionWindowDays}
              >
                <Input
                  id="revisionWindowDays"
                  inputMode="numeric"
                  value={draft.revisions.revisionWindowDays}
                  onChange={(e) => setRevisions('revisionWindowDays', e.target.value)}
                  aria-invalid={!!errors.revisionWindowDays}
                  data-testid="settings-revision-window"
                />
              </Field>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Security</CardTitle>
              <CardDescription>{SECURITY_SETTINGS_NOTE}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="sessionTimeout" label="Session timeout (hours)" error={errors.sessionTimeout}>
                  <Input
                    id="sessionTimeout"
                    inputMode="numeric"
                    value={draft.security.sessionTimeout}
                    onChange={(e) => setSecurity('sessionTimeout', e.target.value)}
                    aria-invalid={!!errors.sessionTimeout}
                    data-testid="settings-session-timeout"
                  />
                </Field>
                <Field id="maxLoginAttempts" label="Max login attempts" error={errors.maxLoginAttempts}>
                  <Input
                    id="maxLoginAttempts"
                    inputMode="numeric"
                    value={draft.security.maxLoginAttempts}
                    onChange={(e) => setSecurity('maxLoginAttempts', e.target.value)}
                    aria-invalid={!!errors.maxLoginAttempts}
                  />
                </Field>
                <Field
                  id="audioRetentionDays"
                  label="Delete audio N days after delivery"
                  error={errors.audioRetentionDays}
                >
                  <Input
                    id="audioRetentionDays"
                    inputMode="numeric"
                    value={draft.security.audioRetentionDays}
                    onChange={(e) => setSecurity('audioRetentionDays', e.target.value)}
                    aria-invalid={!!errors.audioRetentionDays}
                    data-testid="settings-audio-retention-days"
                  />
                </Field>
              </div>
              <div className="space-y-2">
                <p className="text-sm font-medium">Upload limits</p>
                <p className="text-sm text-muted-foreground">{UPLOAD_LIMITS_NOTE}</p>
                <div className="grid gap-4 sm:grid-cols-2">
                  {UPLOAD_LIMIT_FIELDS.map(([key, label]) => (
                    <Field key={key} id={key} label={label} error={errors[key]}>
                      <Input
                        id={key}
                        inputMode="numeric"
                        value={draft.security[key]}
                        onChange={(e) => setSecurity(key, e.target.value)}
                        aria-invalid={!!errors[key]}
                        data-testid={`settings-${key}`}
                      />
                    </Field>
                  ))}
                </div>
              </div>
              {/* Shown as the spec lists them, but fixed: this platform has neither admin tokens nor passwords to police. */}
              <Toggle
                id="settings-admin-token"
                label="Admin token protection"
                hint={SETTINGS_TEXTS.adminTokenHint}
                checked
                disabled
                onChange={() => undefined}
              />
              <Toggle
                id="settings-strong-passwords"
                label="Strong password policy"
                hint={SETTINGS_TEXTS.strongPasswordsHint}
                checked={false}
                disabled
                onChange={() => undefined}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Email Configuration</CardTitle>
              <CardDescription>{EMAIL_SETTINGS_NOTE}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="smtpHost" label="SMTP host" error={errors.smtpHost}>
                  <Input
                    id="smtpHost"
                    value={draft.email.smtpHost}
                    onChange={(e) => setEmail('smtpHost', e.target.value)}
                    placeholder="smtp.example.com"
                  />
                </Field>
                <Field id="smtpPort" label="SMTP port" error={errors.smtpPort}>
                  <Input
                    id="smtpPort"
                    inputMode="numeric"
                    value={draft.email.smtpPort}
                    onChange={(e) => setEmail('smtpPort', e.target.value)}
                    aria-invalid={!!errors.smtpPort}
                    data-testid="settings-smtp-port"
                  />
                </Field>
                <Field id="smtpUser" label="SMTP username" error={errors.smtpUser}>
                  <Input
                    id="smtpUser"
                    autoComplete="off"
                    value={draft.email.smtpUser}
                    onChange={(e) => setEmail('smtpUser', e.target.value)}
                  />
                </Field>
                <Field id="smtpPassword" label="SMTP password" error={errors.smtpPassword}>
                  <Input
                    id="smtpPassword"
                    type="password"
                    autoComplete="new-password"
                    value={draft.email.smtpPassword}
                    onChange={(e) => setEmail('smtpPassword', e.target.value)}
                    placeholder={
                      data?.email.smtpPasswordSet ? 'Stored (leave empty to keep it; a new host clears it)' : 'Not set'
                    }
                    data-testid="settings-smtp-password"
                  />
                </Field>
              </div>
              <Toggle
                id="settings-smtp-plaintext"
                label={SETTINGS_TEXTS.plaintextLabel}
                hint={SETTINGS_TEXTS.plaintextHint(draft.email.smtpHost.trim())}
                // The exemption names a host: typing another host turns it off until it is given again.
                checked={plaintextAllowed({
                  smtpHost: draft.email.smtpHost.trim(),
                  smtpPlaintextHost: draft.email.smtpPlaintextHost,
                })}
                onChange={(v) => setEmail('smtpPlaintextHost', v ? draft.email.smtpHost.trim() : '')}
                disabled={!draft.email.smtpHost.trim()}
              />
              <Toggle
                id="settings-order-confirmation"
                label="Order confirmation emails"
                hint="Email customers when their payment is confirmed."
                checked={draft.email.orderConfirmationEmails}
                onChange={(v) => setEmail('orderConfirmationEmails', v)}
              />
              <Toggle
                id="settings-status-updates"
                label="Status update emails"
                hint="Email customers when their order's status changes."
                checked={draft.email.statusUpdateEmails}
                onChange={(v) => setEmail('statusUpdateEmails', v)}
              />
              <div className="space-y-2">
                <Button
                  variant="outline"
                  onClick={sendTest}
                  disabled={testEmail.isPending}
                  data-testid="settings-test-email"
                >
                  <Mail aria-hidden />
                  {testEmail.isPending ? 'Sending...' : 'Send Test Email'}
                </Button>
                {data && smtpEdited(draft.email, data.email) && (
                  <p className="text-sm text-muted-foreground">{SETTINGS_TEXTS.testUsesSavedSettings}</p>
                )}
                <TestEmailOutcome key={testJobId} jobId={testJobId} />
              </div>
            </CardContent>
          </Card>

          <SystemStatusCard />
          <ClaimsSettings />
          <LegalSettings />

          {data && data.recentChanges.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Recent changes</CardTitle>
                <CardDescription>Who saved the settings, and which sections changed.</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="divide-y divide-border text-sm" data-testid="settings-changes">
                  {data.recentChanges.map((c) => (
                    <li key={c.changedAt} className="flex flex-wrap justify-between gap-2 py-2">
                      <span>{c.changedBy ?? 'a removed user'}</span>
                      <span className="text-muted-foreground">
                        {c.sections.length ? c.sections.join(', ') : 'no changes'}
                      </span>
                      <span className="text-muted-foreground">{formatOrderDate(c.changedAt)}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
