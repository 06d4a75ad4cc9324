import { computePricing, formatRand, PricingSettingsBody } from '@mastering/contracts';
import type { Draft, SectionProps } from './settings-draft';
import { SettingsSection, type TextSetting, TextSettings } from './settings-parts';

/** The Pricing boxes, in order. */
const PRICING_FIELDS: readonly TextSetting<keyof Draft['pricing']>[] = [
  { key: 'basePrice', label: 'Base price (ZAR)', testId: 'settings-base-price', input: { inputMode: 'decimal' } },
  { key: 'launchDiscount', label: 'Launch discount (%)', testId: 'settings-discount', input: { inputMode: 'decimal' } },
  { key: 'maxFileSize', label: 'Max file size (MB)', input: { inputMode: 'numeric' } },
  {
    key: 'launchEndsOn',
    label: 'Launch special ends on',
    testId: 'settings-launch-ends',
    input: { type: 'date' },
    note: 'The home page counts down to the end of this day; then the discount stops. Blank: no end date.',
  },
];

/** The discounted price per track the figures being typed would give, or null while they are not valid. */
function discountedPreview(pricing: Draft['pricing']): string | null {
  const parsed = PricingSettingsBody.safeParse(pricing);
  return parsed.success ? formatRand(computePricing(1, parsed.data).total) : null;
}

/** Settings → Pricing: the figures every price is computed from, and what a track costs with them. */
export function PricingSection({ values, errors, set }: SectionProps<'pricing'>) {
  const preview = discountedPreview(values);
  return (
    <SettingsSection
      title="Pricing Configuration"
      description="What the storefront charges: every price is computed on the server from these figures."
    >
      <TextSettings fields={PRICING_FIELDS} values={values} errors={errors} onChange={set} columns={3} />
      <p className="rounded-lg bg-muted p-3 text-sm" data-testid="settings-price-preview">
        {preview
          ? `Customers pay ${preview} per track after the discount.`
          : 'Enter valid figures to see the price customers pay.'}
      </p>
    </SettingsSection>
  );
}
