import { SETTINGS_TEXTS, STUDIO_IDENTITY_TEXTS } from '@mastering/contracts';
import { Field, Textarea } from '@mastering/ui';
import type { SectionProps } from './settings-draft';
import {
  SettingsSection,
  type SwitchSetting,
  SwitchSettings,
  type TextSetting,
  TextSettings,
  Toggle,
} from './settings-parts';

type GeneralText = 'siteName' | 'contactEmail' | 'supportEmail';
/** Who to write to and what the site is called. */
const CONTACT_FIELDS: readonly TextSetting<GeneralText>[] = [
  { key: 'siteName', label: 'Site name', testId: 'settings-site-name' },
  { key: 'contactEmail', label: 'Contact email', input: { type: 'email' } },
  { key: 'supportEmail', label: 'Support email', input: { type: 'email' } },
];

type IdentityKey = 'legalName' | 'registrationNumber' | 'vatNumber' | 'physicalAddress' | 'phone';
/** The studio's identity fields (shown in the footer, at checkout and on invoices), in order. */
const IDENTITY_FIELDS: readonly TextSetting<IdentityKey>[] = (
  [
    ['legalName', 'Legal name'],
    ['registrationNumber', 'Registration number'],
    ['vatNumber', 'VAT number'],
    ['phone', 'Phone'],
    ['physicalAddress', 'Physical address'],
  ] as const
).map(([key, label]) => ({ key, label, testId: `settings-${key}` }));

/** An admin's word that the identity above is the studio's own (the dashboard asks until it is on). */
const IDENTITY_CONFIRMED: readonly SwitchSetting<'studioIdentityConfirmed'>[] = [
  {
    key: 'studioIdentityConfirmed',
    testId: 'settings-identity-confirmed',
    label: STUDIO_IDENTITY_TEXTS.switchLabel,
    hint: STUDIO_IDENTITY_TEXTS.switchHint,
  },
];

/** Whether the studio charges VAT, and whether it takes orders. */
const GENERAL_SWITCHES: readonly SwitchSetting<'vatVendor' | 'maintenanceMode'>[] = [
  {
    key: 'vatVendor',
    testId: 'settings-vat-vendor',
    label: 'VAT vendor',
    hint: 'On: prices include 15 % VAT, checkout shows the VAT amount and paid orders get a Tax Invoice. Off: a Receipt.',
  },
  {
    key: 'maintenanceMode',
    testId: 'settings-maintenance',
    label: 'Maintenance mode',
    hint: 'While it is on, new orders are refused with a notice.',
  },
];

/** Settings → General: the studio's name, addresses, identity, and whether it takes orders. */
export function GeneralSection({ values, errors, set }: SectionProps<'general'>) {
  return (
    <SettingsSection
      title="General Settings"
      description="The studio's name on the site and in every email, where customers write for help (the support address, else the contact one), and whether it takes orders."
    >
      <TextSettings fields={CONTACT_FIELDS} values={values} errors={errors} onChange={set} />
      <Field id="siteDescription" label="Site description" error={errors.siteDescription}>
        <Textarea
          id="siteDescription"
          value={values.siteDescription}
          onChange={(e) => set('siteDescription', e.target.value)}
        />
      </Field>
      <TextSettings
        fields={IDENTITY_FIELDS}
        values={values}
        errors={errors}
        onChange={set}
        testId="settings-identity"
      />
      <SwitchSettings switches={IDENTITY_CONFIRMED} values={values} onChange={set} />
      <SwitchSettings switches={GENERAL_SWITCHES} values={values} onChange={set} />
      <Toggle id="settings-analytics" label="Analytics" hint={SETTINGS_TEXTS.analyticsHint} checked disabled />
    </SettingsSection>
  );
}
