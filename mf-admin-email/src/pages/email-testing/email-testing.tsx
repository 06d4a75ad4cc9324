import {
  CustomEmailBody,
  EMAIL_TEST_TEXTS,
  SCREEN_TITLES,
  TEST_EMAIL_TEMPLATES,
  TestEmailBody,
  type EmailHealth,
  type TestEmailTemplate,
} from '@mastering/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  checkForm,
  type FormCheck,
  errorMessage,
  Field,
  Input,
  Select,
  serverErrorText,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Textarea,
  toast,
  ScreenHeader,
} from '@mastering/ui';
import { Activity, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useEmailHealthCheck } from '../../api/email-health';
import { useSendCustomEmail, useSendTestEmail } from '../../api/test-email';

function smtpSummary(health: EmailHealth): string | undefined {
  const { host, port } = health.smtp;
  return host ? `SMTP ${host}${port ? `:${port}` : ''}` : undefined;
}

const TEMPLATE_OPTIONS = (Object.keys(TEST_EMAIL_TEMPLATES) as TestEmailTemplate[]).map((name) => ({
  value: name,
  label: name.replaceAll('-', ' '),
}));

/** How each test field is typed in the form (the contract converts: decimal, integer, list, ISO date). */
const INPUT_TYPES: Record<string, { type: string; step?: string; hint?: string }> = {
  customerEmail: { type: 'email' },
  amount: { type: 'number', step: '0.01', hint: 'In rand, e.g. 324.35' },
  fileCount: { type: 'number', step: '1' },
  fileNames: { type: 'text', hint: 'Separate names with commas' },
  downloadUrl: { type: 'url' },
  expiryDate: { type: 'datetime-local' },
  estimatedCompletion: { type: 'datetime-local' },
};
const labelOf = (field: string) => field.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/**
 * Both forms' submit: checks `values` with the contract (the spec's message shown inline and as a
 * toast), then sends and toasts Email Sent or the failure with the server's message.
 */
function submitChecked<T>(
  check: FormCheck<T>,
  setError: (message: string | undefined) => void,
  send: {
    mutate: (
      body: T,
      options: { onSuccess: (res: { message: string }) => void; onError: (error: unknown) => void },
    ) => void;
  },
) {
  setError(check.ok ? undefined : check.message);
  if (!check.ok) {
    toast({ title: check.message, variant: 'destructive' });
    return;
  }
  send.mutate(check.data, {
    onSuccess: (res) => toast({ title: EMAIL_TEST_TEXTS.sent, description: res.message }),
    onError: (error) =>
      toast({
        title: EMAIL_TEST_TEXTS.sendFailed(serverErrorText(error, errorMessage(error))),
        variant: 'destructive',
      }),
  });
}

/** Template testing: pick one of the eight transactional templates, fill its fields, send. */
function TemplateTest() {
  const [template, setTemplate] = useState<TestEmailTemplate | ''>('');
  const [params, setParams] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const send = useSendTestEmail();
  const fields = template ? TEST_EMAIL_TEMPLATES[template] : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitChecked(
      checkForm(TestEmailBody, {
        template: template || undefined,
        params: Object.fromEntries(fields.map((f) => [f, params[f] ?? ''])),
      }),
      setError,
      send,
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="test-email-form">
      <div className="max-w-sm space-y-1.5">
        <span className="text-sm font-medium">Email template</span>
        <Select
          value={template}
          onChange={(value) => setTemplate(value)}
          options={TEMPLATE_OPTIONS}
          placeholder="Choose a template"
          aria-label={`Email template: ${TEMPLATE_OPTIONS.find((o) => o.value === template)?.label ?? 'Choose a template'}`}
          data-testid="test-email-template"
        />
      </div>
      {fields.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => {
            const input = INPUT_TYPES[field] ?? { type: 'text' };
            return (
              <Field key={field} id={`test-${field}`} label={labelOf(field)} hint={input.hint}>
                <Input
                  id={`test-${field}`}
                  type={input.type}
                  step={input.step}
                  value={params[field] ?? ''}
                  onChange={(e) => setParams((p) => ({ ...p, [field]: e.target.value }))}
                  data-testid={`test-field-${field}`}
                />
              </Field>
            );
          })}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={send.isPending} data-testid="test-email-send">
        <Send aria-hidden /> {send.isPending ? 'Sending...' : 'Send Test Email'}
      </Button>
    </form>
  );
}

/** Custom email: a one-off message with the admin's own subject and text. */
function CustomEmail() {
  const [values, setValues] = useState({ to: '', subject: '', content: '' });
  const [error, setError] = useState<string>();
  const send = useSendCustomEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitChecked(checkForm(CustomEmailBody, values), setError, send);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="custom-email-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="custom-to" label="To">
          <Input
            id="custom-to"
            type="email"
            value={values.to}
            onChange={(e) => setValues((v) => ({ ...v, to: e.target.value }))}
            data-testid="custom-to"
          />
        </Field>
        <Field id="custom-subject" label="Subject">
          <Input
            id="custom-subject"
            value={values.subject}
            onChange={(e) => setValues((v) => ({ ...v, subject: e.target.value }))}
            data-testid="custom-subject"
          />
        </Field>
      </div>
      <Field id="custom-content" label="Content">
        <Textarea
          id="custom-content"
          rows={6}
          value={values.content}
          onChange={(e) => setValues((v) => ({ ...v, content: e.target.value }))}
          data-testid="custom-content"
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={send.isPending} data-testid="custom-send">
        <Send aria-hidden /> {send.isPending ? 'Sending...' : 'Send Email'}
      </Button>
    </form>
  );
}

/** Email Testing: send any transactional template or a custom email, and check the email service's health. */
export default function EmailTestingPage() {
  const health = useEmailHealthCheck();

  const runHealthCheck = () =>
    health.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'healthy') {
          toast({ title: EMAIL_TEST_TEXTS.healthy, description: smtpSummary(result) });
        } else {
          toast({
            title: EMAIL_TEST_TEXTS.unhealthy,
            description: result.error ?? smtpSummary(result),
            variant: 'destructive',
          });
        }
      },
      onError: (error) =>
        toast({ title: EMAIL_TEST_TEXTS.healthFailed, description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <div data-testid="page-email-testing" className="mx-auto w-full max-w-5xl space-y-6">
      <ScreenHeader title={SCREEN_TITLES['email-testing']} description="Check the email service and send test emails.">
        <Button data-testid="email-health-check" variant="outline" onClick={runHealthCheck} disabled={health.isPending}>
          <Activity className={health.isPending ? 'animate-pulse' : undefined} aria-hidden />
          {health.isPending ? 'Checking...' : 'Health Check'}
        </Button>
      </ScreenHeader>
      <Tabs>
        <TabList>
          <Tab data-testid="tab-template-testing">Template testing</Tab>
          <Tab data-testid="tab-custom-email">Custom email</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <Card>
              <CardHeader>
                <CardTitle>Template testing</CardTitle>
                <CardDescription>
                  Send any of the transactional templates, rendered as customers get it, to the address you enter.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <TemplateTest />
              </CardContent>
            </Card>
          </TabPanel>
          <TabPanel>
            <Card>
              <CardHeader>
                <CardTitle>Custom email</CardTitle>
                <CardDescription>Send a one-off email with your own subject and content.</CardDescription>
              </CardHeader>
              <CardContent>
                <CustomEmail />
              </CardContent>
            </Card>
          </TabPanel>
        </TabPanels>
      </Tabs>
    </div>
  );
}
