import {
  CAMPAIGN_TEMPLATES,
  CAMPAIGN_TEXTS,
  SCREEN_TITLES,
  type Campaign,
  type CampaignStatus,
  type CampaignTemplate,
  type EmailTemplate,
} from '@mastering/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  EmptyState,
  errorMessage,
  Input,
  Progress,
  Select,
  serverErrorText,
  Skeleton,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  toast,
  LoadError,
  ScreenHeader,
} from '@mastering/ui';
import { Eye, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useCampaigns, useCancelCampaign } from '../../api/campaigns';
import { usePreview, useTemplates } from '../../api/templates';
import { contentPreview } from '../../lib/content-preview';
import { MailFrame } from '../../components/mail-frame';
import { CampaignForm, type CampaignDraft } from './campaign-form';

// recharts is loaded only when the Analytics tab is opened.
const CampaignChart = lazy(() => import('./campaign-chart'));

const STATUS_FILTERS = ['all', 'draft', 'sent', 'scheduled'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const FILTER_OPTIONS = STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All statuses' : value[0]!.toUpperCase() + value.slice(1),
}));
const STATUS_BADGE: Record<
  CampaignStatus,
  { label: string; variant: 'default' | 'secondary' | 'outline' | 'destructive' | 'success' | 'warning' }
> = {
  draft: { label: 'Draft', variant: 'outline' },
  scheduled: { label: 'Scheduled', variant: 'warning' },
  sending: { label: 'Sending', variant: 'default' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};
const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%');
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const { total, sent, failed } = campaign.progress;
  const done = total > 0 ? (sent + failed) / total : 1;
  return (
    <div className="space-y-1" data-testid="campaign-progress">
      <Progress
        value={done}
        label={`Sending ${campaign.subject}`}
        tone={campaign.status === 'sent' ? 'success' : 'default'}
      />
      <p className="text-xs text-muted-foreground">
        <span data-testid="campaign-progress-text">{Math.round(done * 100)} %</span> · {sent} / {total} sent
        {failed > 0 ? ` · ${failed} failed` : ''}
      </p>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-xl font-semibold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function CampaignDetail({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const cancel = useCancelCampaign();
  const stats = campaign.deliveryStats;
  return (
    <div className="space-y-4" data-testid="campaign-detail">
      <div className="flex flex-wrap gap-2 text-sm">
        <Badge variant={STATUS_BADGE[campaign.status].variant}>{STATUS_BADGE[campaign.status].label}</Badge>
        <Badge variant="outline">{campaign.template}</Badge>
        <Badge variant="outline">
          {campaign.recipientType} · {campaign.recipientCount} recipients
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">Created</dt>
        <dd>{when(campaign.createdAt)}</dd>
        <dt className="text-muted-foreground">{campaign.status === 'scheduled' ? 'Scheduled for' : 'Sent'}</dt>
        <dd>{when(campaign.status === 'scheduled' ? campaign.scheduledAt : campaign.sentAt)}</dd>
      </dl>
      <p className="max-h-40 overflow-y-auto whitespace-pre-line rounded-md bg-muted p-3 text-sm">{campaign.content}</p>
      {(campaign.status === 'sending' || campaign.status === 'sent') && <CampaignProgress campaign={campaign} />}
      {campaign.status === 'sent' && (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat label="Delivered" value={stats.delivered} />
          <Stat label="Opened" value={stats.opened} />
          <Stat label="Clicked" value={stats.clicked} />
          <Stat label="Bounced" value={stats.bounced} />
        </div>
      )}
      {campaign.status === 'scheduled' && (
        <div className="flex justify-end">
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(campaign.id, {
                onSuccess: () => {
                  toast({ title: 'Campaign cancelled' });
                  onClose();
                },
                onError: (error) =>
                  toast({
                    title: 'Failed to cancel campaign',
                    description: serverErrorText(error, errorMessage(error)),
                    variant: 'destructive',
                  }),
              })
            }
          >
            Cancel Campaign
          </Button>
        </div>
      )}
    </div>
  );
}

function CampaignsTab({ campaigns, onOpen }: { campaigns: Campaign[]; onOpen: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const q = query.trim().toLowerCase();
  const shown = campaigns.filter(
    (c) =>
      (status === 'all' || c.status === status) &&
      (!q || c.subject.toLowerCase().includes(q) || c.content.toLowerCase().includes(q)),
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search campaigns"
            aria-label="Search campaigns"
            className="pl-9"
          />
        </div>
        <Select
          value={status}
          onChange={setStatus}
          options={FILTER_OPTIONS}
          aria-label={`Status: ${FILTER_OPTIONS.find((o) => o.value === status)?.label}`}
          className="sm:w-48"
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState
          title="No campaigns found"
          description={
            campaigns.length ? 'Try another search or status.' : 'Create your first campaign with New Campaign.'
          }
        />
      ) : (
        <ul className="space-y-3">
          {shown.map((campaign) => (
            <li key={campaign.id}>
              <button
                type="button"
                onClick={() => onOpen(campaign.id)}
                className="w-full rounded-xl border border-border bg-card p-4 text-left transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                data-testid="campaign-row"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium break-all">{campaign.subject}</span>
                  <Badge variant={STATUS_BADGE[campaign.status].variant} data-testid="campaign-status">
                    {STATUS_BADGE[campaign.status].label}
                  </Badge>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  {campaign.template} · {campaign.recipientCount} recipients ·{' '}
                  {when(
                    campaign.status === 'scheduled' ? campaign.scheduledAt : (campaign.sentAt ?? campaign.createdAt),
                  )}
                </p>
                {(campaign.status === 'sending' || campaign.status === 'sent') && (
                  <div className="mt-3">
                    <CampaignProgress campaign={campaign} />
                  </div>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TemplatesTab({ onUse }: { onUse: (draft: CampaignDraft) => void }) {
  const templates = useTemplates();
  const [previewing, setPreviewing] = useState<EmailTemplate | null>(null);
  const preview = usePreview(
    previewing
      ? {
          subject: previewing.subject,
          htmlContent: previewing.htmlContent,
          textContent: previewing.textContent ?? undefined,
          type: previewing.type,
        }
      : null,
  );
  const campaignTemplates = (templates.data ?? []).filter(
    (t) => (CAMPAIGN_TEMPLATES as readonly string[]).includes(t.type) && t.isActive === 'true',
  );
  if (templates.isPending) return <Skeleton className="h-40" />;
  if (templates.isError)
    return <LoadError what="the campaign templates" error={templates.error} onRetry={() => void templates.refetch()} />;
  if (campaignTemplates.length === 0)
    return (
      <EmptyState
        title="No campaign templates"
        description="Use Init System Templates on the Email Templates screen to create the newsletter, promotion, announcement and custom templates."
      />
    );
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        {campaignTemplates.map((template) => {
          return (
            <Card key={template.id} className="flex flex-col">
              <CardHeader>
                <CardTitle className="text-base">{template.name}</CardTitle>
                <CardDescription data-testid="template-content-preview">{contentPreview(template)}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setPreviewing(template)}
                  aria-label={`Preview ${template.name}`}
                >
                  <Eye aria-hidden /> Preview
                </Button>
                <Button
                  size="sm"
                  onClick={() => {
                    toast({ title: CAMPAIGN_TEXTS.templateApplied });
                    onUse({ template: template.type as CampaignTemplate, content: '' });
                  }}
                  aria-label={`Use ${template.name}`}
                >
                  Use Template
                </Button>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <Dialog
        open={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing?.name}
        description="Rendered with sample values."
        className="max-w-3xl"
      >
        {preview.data ? (
          <MailFrame html={preview.data.html} title={`Preview of ${previewing?.name}`} />
        ) : (
          <Skeleton className="h-[28rem]" />
        )}
      </Dialog>
    </>
  );
}

function AnalyticsTab({ campaigns }: { campaigns: Campaign[] }) {
  const sent = campaigns.filter((c) => c.status === 'sent' || c.status === 'sending');
  const total = sent.reduce((sum, c) => sum + c.progress.sent + c.deliveryStats.bounced, 0);
  const stats = sent.reduce(
    (sum, c) => ({
      delivered: sum.delivered + c.deliveryStats.delivered,
      opened: sum.opened + c.deliveryStats.opened,
      clicked: sum.clicked + c.deliveryStats.clicked,
    }),
    { delivered: 0, opened: 0, clicked: 0 },
  );
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Total sent" value={total.toLocaleString('en-ZA')} testId="analytics-total" />
        <Stat label="Delivery rate" value={percent(stats.delivered, total)} />
        <Stat label="Open rate" value={percent(stats.opened, stats.delivered)} />
        <Stat label="Click rate" value={percent(stats.clicked, stats.delivered)} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Delivery by campaign</CardTitle>
        </CardHeader>
        <CardContent>
          {sent.length === 0 ? (
            <p className="text-sm text-muted-foreground">No campaign has been sent yet.</p>
          ) : (
            <Suspense fallback={<Skeleton className="h-72" />}>
              <CampaignChart campaigns={sent.slice(0, 12).reverse()} />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Email Management: campaigns (search, status filter, detail, live progress), campaign templates and analytics. */
export default function EmailsPage() {
  const campaigns = useCampaigns();
  const [composing, setComposing] = useState<CampaignDraft | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const detail = campaigns.data?.find((c) => c.id === detailId);
  const list = campaigns.data ?? [];

  return (
    <div data-testid="page-emails" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.emails}
        description="Marketing campaigns to your customers, with delivery, open and click figures."
      >
        <Button onClick={() => setComposing({ template: 'newsletter', content: '' })} data-testid="new-campaign">
          <Plus aria-hidden /> New Campaign
        </Button>
      </ScreenHeader>
      <Tabs>
        <TabList>
          <Tab data-testid="tab-campaigns">Campaigns</Tab>
          <Tab data-testid="tab-templates">Templates</Tab>
          <Tab data-testid="tab-analytics">Analytics</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            {campaigns.isPending ? (
              <Skeleton className="h-40" />
            ) : campaigns.isError ? (
              <LoadError what="the campaigns" error={campaigns.error} onRetry={() => void campaigns.refetch()} />
            ) : (
              <CampaignsTab campaigns={list} onOpen={setDetailId} />
            )}
          </TabPanel>
          <TabPanel>
            <TemplatesTab onUse={setComposing} />
          </TabPanel>
          <TabPanel>
            <AnalyticsTab campaigns={list} />
          </TabPanel>
        </TabPanels>
      </Tabs>
      <Dialog
        open={composing !== null}
        onClose={() => setComposing(null)}
        title="New Campaign"
        description="Send now, or pick a time to schedule it."
        className="max-w-2xl"
        data-testid="campaign-dialog"
      >
        {composing && <CampaignForm draft={composing} onDone={() => setComposing(null)} />}
      </Dialog>
      <Dialog
        open={detail !== undefined}
        onClose={() => setDetailId(null)}
        title={detail?.subject}
        className="max-w-2xl"
      >
        {detail && <CampaignDetail campaign={detail} onClose={() => setDetailId(null)} />}
      </Dialog>
    </div>
  );
}
