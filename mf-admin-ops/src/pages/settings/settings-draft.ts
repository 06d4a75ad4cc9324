import {
  EmailSettingsBody,
  PricingSettingsBody,
  RevisionSettings,
  SaveSettingsBody,
  SecuritySettings,
  type GeneralSettings,
  type PricingFields,
  type PublicEmailSettings,
  type StoredSettings,
} from '@mastering/contracts';
import { checkForm } from '@mastering/ui';

/** `T` as its form boxes hold it: each number as the text typed. */
type AsText<T> = { [K in keyof T]: T[K] extends number ? string : T[K] };

/** The Settings screen's values while they are edited: one entry a section. */
export type Draft = {
  general: GeneralSettings;
  pricing: AsText<PricingFields>;
  security: AsText<SecuritySettings>;
  email: AsText<Omit<PublicEmailSettings, 'smtpPasswordSet'>> & { smtpPassword: string };
  revisions: AsText<RevisionSettings>;
};

/** A form's messages, one per field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** Sets one value of one section's draft. */
export type SectionSetter<S extends keyof Draft> = <K extends keyof Draft[S]>(key: K, value: Draft[S][K]) => void;

/** What each section of the screen gets: its values, the save's messages, and how to change a value. */
export interface SectionProps<S extends keyof Draft> {
  values: Draft[S];
  errors: FieldErrors;
  set: SectionSetter<S>;
}

/** `values` with every number turned into the text its box shows. */
function numbersAsText<T extends object>(values: T): AsText<T> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  ) as AsText<T>;
}

/** The draft the screen starts from: the stored settings as typed text. */
export function toDraft(data: StoredSettings): Draft {
  const { smtpPasswordSet: _set, ...email } = data.email;
  return {
    general: data.general,
    pricing: numbersAsText(data.pricing),
    security: numbersAsText(data.security),
    // The stored password never comes back: the box stays empty, and an empty box keeps it.
    email: { ...numbersAsText(email), smtpPassword: '' },
    revisions: numbersAsText(data.revisions),
  };
}

/**
 * The draft checked with the schemas the server uses: the body to save, or null with a message per
 * field that is wrong (every section checked, so all the messages show at once).
 */
export function checkDraft(draft: Draft): { body: SaveSettingsBody | null; errors: FieldErrors } {
  const general = checkForm(SaveSettingsBody.shape.general, draft.general);
  const pricing = checkForm(PricingSettingsBody, draft.pricing);
  const security = checkForm(SecuritySettings, draft.security);
  const email = checkForm(EmailSettingsBody, { ...draft.email, smtpPassword: draft.email.smtpPassword || undefined });
  const revisions = checkForm(RevisionSettings, {
    freeRevisions: Number(draft.revisions.freeRevisions),
    revisionWindowDays: Number(draft.revisions.revisionWindowDays),
    revisionHours: Number(draft.revisions.revisionHours),
  });
  const checks = [general, pricing, security, email, revisions];
  const errors: FieldErrors = Object.assign({}, ...checks.map((c) => (c.ok ? {} : c.fieldErrors)));
  if (!general.ok || !pricing.ok || !security.ok || !email.ok || !revisions.ok) return { body: null, errors };
  return {
    body: {
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
    errors,
  };
}
