import {
  AUDIO_FILE_SORT_LABELS,
  AUDIO_FILE_SORTS,
  DEFAULT_PAGE_SIZE,
  EMPTY_TEXTS,
  FILE_STATUSES,
  formatBytes,
  formatOrderDate,
  humanizeStatus,
  MASTERING_STYLES,
  SCREEN_TITLES,
  shortId,
  type AdminAudioFile,
  type AudioFileSort,
  type FileStatus,
  type MasteringStyle,
} from '@mastering/contracts';
import { Badge, Button, failedLoad, ScreenHeader, Select } from '@mastering/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { CircleAlert, CircleCheck, Files, HardDrive, ListChecks, Loader, Upload, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAudioFilePage, type AudioFileFilters } from '../../api/audio-files';
import { DataTable, NarrowBreak, Pager, TwoLines } from '../../components/data-table';
import { AnalysisCell } from '../../components/audio-analysis/analysis-panel';
import { RefreshButton, useFailureToast } from '../../components/screen';
import { SearchBox } from '../../components/search-box';
import { StatCard } from '../../components/stat-card';
import { useDebounced } from '../../components/use-debounced';
import { DownloadButtons, FileDialog, FileStatusBadge } from './file-dialog';
import { BatchProcessDialog } from './batch-process-dialog';
import { ReleasePanel } from '../orders/release-panel';

type StatusFilter = FileStatus | 'all';
type StyleFilter = MasteringStyle | 'all';
const STATUS_OPTIONS = [
  { value: 'all' as StatusFilter, label: 'All Status' },
  ...FILE_STATUSES.map((s) => ({ value: s as StatusFilter, label: humanizeStatus(s) })),
];
const STYLE_OPTIONS = [
  { value: 'all' as StyleFilter, label: 'All Styles' },
  ...MASTERING_STYLES.map((s) => ({ value: s as StyleFilter, label: s })),
];
/** Which orders' files: all, or those back with the engineers for a revision. */
type OrderFilter = 'all' | 'revision_requested';
const ORDER_OPTIONS: { value: OrderFilter; label: string }[] = [
  { value: 'all', label: 'All Orders' },
  { value: 'revision_requested', label: 'Revision requested' },
];
const SORT_OPTIONS = AUDIO_FILE_SORTS.map((s) => ({ value: s, label: AUDIO_FILE_SORT_LABELS[s] }));

// Every spec column is on screen at 1280 x 900 with the sidebar open (a table about 56rem wide) without
// sideways scrolling: related facts share a cell, a main line and a muted line under it, instead of
// columns hidden on laptops. Chosen over a column chooser (nothing to set up or forget, the same table
// for everyone) and over an expandable row (nothing behind a click); the file's dialog still has every
// detail. Below the table's full width (`@5xl`, 64rem, of the table's own region: the sidebar moves it)
// the longest lines break in two (size / upload date, loudness / volume match, loudness / true peak): each row is already two
// download buttons tall, so the rows do not grow.
// biome-ignore lint/suspicious/noExplicitAny: TanStack Table types a column list of mixed value types this way (its documented idiom)
const COLUMNS: ColumnDef<AdminAudioFile, any>[] = [
  {
    id: 'name',
    header: 'File · Size · Uploaded',
    cell: ({ row }) => (
      <TwoLines
        main={
          // The badge stays in sight: only the name gives way.
          <span className="flex max-w-36 items-center gap-2">
            <span className="truncate font-medium" title={row.original.originalName}>
              {row.original.originalName}
            </span>
            {row.original.latestRevision && (
              <Badge variant="outline" className="shrink-0" data-testid="file-revision-badge">
                Revision {row.original.latestRevision.round}
              </Badge>
            )}
          </span>
        }
        sub={
          <NarrowBreak first={formatBytes(row.original.fileSize)} second={formatOrderDate(row.original.uploadedAt)} />
        }
      />
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <FileStatusBadge status={row.original.processingStatus} /> },
  {
    id: 'customer',
    header: 'Customer · Order',
    cell: ({ row }) => (
      <TwoLines
        main={
          <span className="block max-w-36 truncate" title={row.original.customerEmail}>
            {row.original.customerEmail}
          </span>
        }
        sub={<span className="font-mono">#{shortId(row.original.orderId)}</span>}
      />
    ),
  },
  {
    id: 'mastering',
    // The spec's style, tone, loudness and volume match, under one short heading that fits a laptop.
    header: () => <span title="Style, tone, loudness and volume match">Mastering</span>,
    cell: ({ row }) => (
      <TwoLines
        main={
          <span className="flex items-center gap-1.5 text-xs">
            <Badge variant="secondary">{row.original.masteringStyle}</Badge>
            {row.original.tone}
          </span>
        }
        sub={
          <NarrowBreak
            first={row.original.loudness}
            second={`Volume match ${row.original.volumeMatch === 'true' ? 'Yes' : 'No'}`}
          />
        }
      />
    ),
  },
  { id: 'measured', header: 'Measured', cell: ({ row }) => <AnalysisCell summary={row.original.analysis} /> },
  { id: 'downloads', header: 'Download', cell: ({ row }) => <DownloadButtons file={row.original} compact /> },
];

/** Audio File Management: six counters, server-side search, filters and paging, and the file dialog. */
export default function FilesPage() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('orderId') ?? undefined;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [style, setStyle] = useState<StyleFilter>('all');
  const [orderFilter, setOrderFilter] = useState<OrderFilter>('all');
  const [sort, setSort] = useState<AudioFileSort>('newest');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const q = useDebounced(search.trim());

  const filters: AudioFileFilters = {
    q: q || undefined,
    status,
    style,
    orderStatus: orderFilter === 'all' ? undefined : orderFilter,
    sort,
    orderId,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  useEffect(() => setPage(1), [q, status, style, orderFilter, sort, orderId]);
  const files = useAudioFilePage(filters);
  const { data, isLoading } = files;
  useFailureToast('Failed to fetch audio files', files.error);
  const counts = data?.counts;
  const open = data?.items.find((f) => f.id === openId) ?? null;

  return (
    <div data-testid="page-files" className="mx-auto w-full max-w-7xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.files}
        description="Uploaded tracks with their mastering options; upload masters and deliver them."
      >
        <Button
          variant="outline"
          onClick={() => setBatchOpen(true)}
          disabled={!data?.items.length}
          data-testid="batch-process"
        >
          <ListChecks aria-hidden />
          Batch Process
        </Button>
        <RefreshButton query={files} />
      </ScreenHeader>

      <div className="grid gap-4 grid-cols-2 sm:grid-cols-3 2xl:grid-cols-6">
        <StatCard
          label="Total Files"
          value={String(counts?.total ?? 0)}
          icon={Files}
          loading={isLoading}
          testId="count-files"
        />
        <StatCard label="Uploaded" value={String(counts?.uploaded ?? 0)} icon={Upload} loading={isLoading} />
        <StatCard label="Processing" value={String(counts?.processing ?? 0)} icon={Loader} loading={isLoading} />
        <StatCard
          label="Completed"
          value={String(counts?.completed ?? 0)}
          icon={CircleCheck}
          loading={isLoading}
          testId="count-completed"
        />
        <StatCard label="Errors" value={String(counts?.error ?? 0)} icon={CircleAlert} loading={isLoading} />
        <StatCard
          label="Total Storage"
          value={formatBytes(counts?.totalBytes ?? 0)}
          icon={HardDrive}
          loading={isLoading}
        />
      </div>

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem_11rem_11rem] md:items-center">
        <SearchBox
          value={search}
          onChange={setSearch}
          placeholder="Search by file name, email or order ID..."
          label="Search audio files"
          testId="files-search"
        />
        <Select value={status} onChange={setStatus} options={STATUS_OPTIONS} data-testid="files-status-filter" />
        <Select value={style} onChange={setStyle} options={STYLE_OPTIONS} />
        <Select
          value={orderFilter}
          onChange={setOrderFilter}
          options={ORDER_OPTIONS}
          data-testid="files-order-filter"
        />
        <Select value={sort} onChange={setSort} options={SORT_OPTIONS} />
      </div>
      {orderId && (
        <p className="flex items-center gap-2 text-sm">
          Showing the files of order <span className="font-mono">#{shortId(orderId)}</span>
          <Button variant="ghost" size="sm" onClick={() => setParams({})}>
            <X aria-hidden />
            Show all files
          </Button>
        </p>
      )}
      {/* An order's files opened as one release: its running order, references and coherence (issue 55). */}
      {orderId && <ReleasePanel orderId={orderId} hasMasters={(data?.items ?? []).some((f) => f.masteredFilePath)} />}

      <DataTable
        label="Audio files"
        columns={COLUMNS}
        rows={data?.items ?? []}
        rowId={(f) => f.id}
        rowLabel={(f) => `Open ${f.originalName}`}
        onRowClick={(f) => setOpenId(f.id)}
        loading={isLoading}
        empty={EMPTY_TEXTS.audioFiles}
        loadError={failedLoad(files, 'the audio files')}
        data-testid="files-table"
        rowTestId="file-row"
      />
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}

      <FileDialog file={open} onClose={() => setOpenId(null)} />
      <BatchProcessDialog open={batchOpen} files={data?.items ?? []} onClose={() => setBatchOpen(false)} />
    </div>
  );
}
