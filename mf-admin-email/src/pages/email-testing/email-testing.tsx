import { EMAIL_TEST_TEXTS, SCREEN_TITLES, type EmailHealth } from '@mastering/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, errorMessage, Tab, TabList, TabPanel, TabPanels, Tabs, toast } from '@mastering/ui';
import { Activity, Construction } from 'lucide-react';
import { useEmailHealthCheck } from '../../api/email-health';

function smtpSummary(health: EmailHealth): string | undefined {
  const { host, port } = health.smtp;
  return host ? `SMTP ${host}${port ? `:${port}` : ''}` : undefined;
}

/** Email Testing: checks the email service; template and custom email tests follow in a later release. */
export default function EmailTestingPage() {
  const health = useEmailHealthCheck();

  const runHealthCheck = () =>
    health.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'healthy') {
          toast({ title: EMAIL_TEST_TEXTS.healthy, description: smtpSummary(result) });
        } else {
          toast({ title: EMAIL_TEST_TEXTS.unhealthy, description: result.error ?? smtpSummary(result), variant: 'destructive' });
        }
      },
      onError: (error) => toast({ title: EMAIL_TEST_TEXTS.healthFailed, description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <div data-testid="page-email-testing" className="mx-auto w-full max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{SCREEN_TITLES['email-testing']}</h1>
          <p className="mt-1 text-sm text-muted-foreground">Check the email service and send test emails.</p>
        </div>
        <Button data-testid="email-health-check" variant="outline" onClick={runHealthCheck} disabled={health.isPending}>
          <Activity className={health.isPending ? 'animate-pulse' : undefined} aria-hidden />
          {health.isPending ? 'Checking...' : 'Health Check'}
        </Button>
      </div>
      <Tabs>
        <TabList>
          <Tab>Template testing</Tab>
          <Tab>Custom email</Tab>
        </TabList>
        <TabPanels>
          {['Send any of the transactional templates to a test address.', 'Send a one-off email with your own subject and content.'].map((text) => (
            <TabPanel key={text}>
              <Card>
                <CardHeader className="items-center text-center">
                  <Construction className="size-8 text-muted-foreground" aria-hidden />
                  <CardTitle>Coming in a later release</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
                <CardContent />
              </Card>
            </TabPanel>
          ))}
        </TabPanels>
      </Tabs>
    </div>
  );
}
