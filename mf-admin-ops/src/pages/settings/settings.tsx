import { useEffect, useState, type ReactNode } from 'react';
import {
  computePricing,
  formatOrderDate,
  formatRand,
  PricingSettingsBody,
  SaveSettingsBody,
  SCREEN_TITLES,
  SETTINGS_TEXTS,
  type GeneralSettings,
  type PricingFields,
} from '@mastering/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, checkForm, Input, Label, serverErrorText, Skeleton, Switch, Textarea, toast } from '@mastering/ui';
import { Save } from 'lucide-react';
import { useSaveSettings, useSettings } from '../../api/settings';

type Draft = { general: GeneralSettings; pricing: Record<keyof PricingFields, string> };

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
function Toggle({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <Switch checked={checked} onChange={onChange} aria-label={label} data-testid={id} />
    </div>
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
      setDraft({ general: data.general, pricing: { basePrice: String(p.basePrice), launchDiscount: String(p.launchDiscount), maxFileSize: String(p.maxFileSize) } });
    }
  }, [data, draft]);

  const setGeneral = <K extends keyof GeneralSettings>(key: K, value: GeneralSettings[K]) => setDraft((d) => d && { ...d, general: { ...d.general, [key]: value } });
  const setPricing = (key: keyof PricingFields, value: string) => setDraft((d) => d && { ...d, pricing: { ...d.pricing, [key]: value } });

  const onSave = () => {
    if (!draft) return;
    const general = checkForm(SaveSettingsBody.shape.general, draft.general);
    const pricing = checkForm(PricingSettingsBody, draft.pricing);
    setErrors({ ...(general.ok ? {} : general.fieldErrors), ...(pricing.ok ? {} : pricing.fieldErrors) });
    if (!general.ok || !pricing.ok) return;
    save.mutate(
      { general: general.data, pricing: { basePrice: Number(draft.pricing.basePrice), launchDiscount: Number(draft.pricing.launchDiscount), maxFileSize: Number(draft.pricing.maxFileSize) } },
      {
        onSuccess: () => toast({ title: SETTINGS_TEXTS.savedTitle }),
        onError: (error) => toast({ title: SETTINGS_TEXTS.saveFailedTitle, description: serverErrorText(error, SETTINGS_TEXTS.saveFailed), variant: 'destructive' }),
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
            {data?.updatedAt ? `Last saved ${formatOrderDate(data.updatedAt)} by ${data.updatedBy ?? 'a removed user'}` : 'Using the defaults: nothing saved yet.'}
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
              <CardDescription>The site's name and contacts, and whether it takes orders.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="siteName" label="Site name" error={errors.siteName}>
                  <Input id="siteName" value={draft.general.siteName} onChange={(e) => setGeneral('siteName', e.target.value)} aria-invalid={!!errors.siteName} data-testid="settings-site-name" />
                </Field>
                <Field id="contactEmail" label="Contact email" error={errors.contactEmail}>
                  <Input id="contactEmail" type="email" value={draft.general.contactEmail} onChange={(e) => setGeneral('contactEmail', e.target.value)} aria-invalid={!!errors.contactEmail} />
                </Field>
                <Field id="supportEmail" label="Support email" error={errors.supportEmail}>
                  <Input id="supportEmail" type="email" value={draft.general.supportEmail} onChange={(e) => setGeneral('supportEmail', e.target.value)} aria-invalid={!!errors.supportEmail} />
                </Field>
              </div>
              <Field id="siteDescription" label="Site description" error={errors.siteDescription}>
                <Textarea id="siteDescription" value={draft.general.siteDescription} onChange={(e) => setGeneral('siteDescription', e.target.value)} />
              </Field>
              <Toggle id="settings-maintenance" label="Maintenance mode" hint="While it is on, new orders are refused with a notice." checked={draft.general.maintenanceMode} onChange={(v) => setGeneral('maintenanceMode', v)} />
              <Toggle id="settings-analytics" label="Analytics" hint="Record visits for the analytics screen." checked={draft.general.enableAnalytics} onChange={(v) => setGeneral('enableAnalytics', v)} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Pricing Configuration</CardTitle>
              <CardDescription>What the storefront charges: every price is computed on the server from these figures.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-3">
                <Field id="basePrice" label="Base price (ZAR)" error={errors.basePrice}>
                  <Input id="basePrice" inputMode="decimal" value={draft.pricing.basePrice} onChange={(e) => setPricing('basePrice', e.target.value)} aria-invalid={!!errors.basePrice} data-testid="settings-base-price" />
                </Field>
                <Field id="launchDiscount" label="Launch discount (%)" error={errors.launchDiscount}>
                  <Input id="launchDiscount" inputMode="decimal" value={draft.pricing.launchDiscount} onChange={(e) => setPricing('launchDiscount', e.target.value)} aria-invalid={!!errors.launchDiscount} data-testid="settings-discount" />
                </Field>
                <Field id="maxFileSize" label="Max file size (MB)" error={errors.maxFileSize}>
                  <Input id="maxFileSize" inputMode="numeric" value={draft.pricing.maxFileSize} onChange={(e) => setPricing('maxFileSize', e.target.value)} aria-invalid={!!errors.maxFileSize} />
                </Field>
              </div>
              <p className="rounded-lg bg-muted p-3 text-sm" data-testid="settings-price-preview">
                {preview ? `Customers pay ${preview} per track after the discount.` : 'Enter valid figures to see the price customers pay.'}
              </p>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
