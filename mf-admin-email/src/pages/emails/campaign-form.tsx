import {
  CAMPAIGN_TEMPLATES,
  CAMPAIGN_TEXTS,
  CampaignForm as CampaignFormSchema,
  RECIPIENT_TYPES,
  type CampaignTemplate,
  type RecipientType,
} from '@mastering/contracts';
import {
  Button,
  checkForm,
  errorMessage,
  Field,
  Input,
  invalidProps,
  Select,
  serverErrorText,
  Textarea,
  toast,
} from '@mastering/ui';
import { useState, type FormEvent } from 'react';
import { useSendCampaign } from '../../api/campaigns';

const TEMPLATE_OPTIONS = CAMPAIGN_TEMPLATES.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));
const AUDIENCE_LABELS: Record<RecipientType, string> = {
  all: 'Paying customers and marketing opt-ins',
  active: 'Active customers',
  vip: 'VIP customers',
  custom: 'Custom list',
};
const AUDIENCE_OPTIONS = RECIPIENT_TYPES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }));

/** What the form starts with; "Use Template" fills template and content. */
export type CampaignDraft = { template: CampaignTemplate; content: string };

/**
 * The New Campaign form: subject, template, audience (custom addresses when chosen), content, and an
 * optional time to schedule it. Checked with the contract before sending; the server checks again.
 */
export function CampaignForm({ draft, onDone }: { draft?: CampaignDraft; onDone: () => void }) {
  const [values, setValues] = useState({
    subject: '',
    content: draft?.content ?? '',
    template: draft?.template ?? ('newsletter' as CampaignTemplate),
    recipientType: 'all' as RecipientType,
    customRecipients: '',
    scheduledAt: '',
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const send = useSendCampaign();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = {
      ...values,
      customRecipients: values.recipientType === 'custom' ? values.customRecipients : undefined,
      // datetime-local is the admin's local time; the server gets an ISO instant.
      scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : undefined,
    };
    const check = checkForm(CampaignFormSchema, form);
    setErrors(check.ok ? {} : check.fieldErrors);
    if (!check.ok) return;
    send.mutate(check.data, {
      onSuccess: (campaign) => {
        toast({
          title: CAMPAIGN_TEXTS.sent,
          description:
            campaign.status === 'scheduled'
              ? `Scheduled for ${new Date(campaign.scheduledAt!).toLocaleString('en-ZA')}`
              : `Sending to ${campaign.recipientCount} recipients`,
        });
        onDone();
      },
      onError: (error) =>
        toast({
          title: CAMPAIGN_TEXTS.sendFailedTitle,
          description: serverErrorText(error, errorMessage(error) || CAMPAIGN_TEXTS.sendFailed),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="campaign-form">
      <Field id="campaign-subject" label="Subject" error={errors.subject}>
        <Input
          id="campaign-subject"
          maxLength={120}
          value={values.subject}
          onChange={(e) => set('subject', e.target.value)}
          data-testid="campaign-subject"
          {...invalidProps('campaign-subject', errors.subject)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <span className="text-sm font-medium">Template</span>
          <Select
            value={values.template}
            onChange={(v) => set('template', v)}
            options={TEMPLATE_OPTIONS}
            aria-label={`Template: ${TEMPLATE_OPTIONS.find((o) => o.value === values.template)?.label}`}
            data-testid="campaign-template"
          />
        </div>
        <div className="space-y-1.5">
          <span className="text-sm font-medium">Recipients</span>
          <Select
            value={values.recipientType}
            onChange={(v) => set('recipientType', v)}
            options={AUDIENCE_OPTIONS}
            aria-label={`Recipients: ${AUDIENCE_LABELS[values.recipientType]}`}
            data-testid="campaign-recipients"
          />
        </div>
      </div>
      {values.recipientType === 'custom' && (
        <Field
          id="campaign-custom"
          label="Recipient emails"
          error={errors.customRecipients}
          hint="Separate addresses with commas or new lines."
        >
          <Textarea
            id="campaign-custom"
            rows={3}
            value={values.customRecipients}
            onChange={(e) => set('customRecipients', e.target.value)}
            data-testid="campaign-custom"
            {...invalidProps('campaign-custom', errors.customRecipients)}
          />
        </Field>
      )}
      <Field id="campaign-content" label="Content" error={errors.content}>
        <Textarea
          id="campaign-content"
          rows={6}
          value={values.content}
          onChange={(e) => set('content', e.target.value)}
          data-testid="campaign-content"
          {...invalidProps('campaign-content', errors.content)}
        />
      </Field>
      <Field
        id="campaign-schedule"
        label="Schedule (optional)"
        error={errors.scheduledAt}
        hint="Leave empty to send now."
      >
        <Input
          id="campaign-schedule"
          type="datetime-local"
          value={values.scheduledAt}
          onChange={(e) => set('scheduledAt', e.target.value)}
          data-testid="campaign-schedule"
          {...invalidProps('campaign-schedule', errors.scheduledAt)}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending} data-testid="campaign-send">
          {send.isPending ? 'Sending...' : values.scheduledAt ? 'Schedule Campaign' : 'Send Campaign'}
        </Button>
      </div>
    </form>
  );
}
