import { Button, cn, LoadError, ScrollRegion, Skeleton, type LoadErrorProps } from '@mastering/ui';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

export interface DataTableProps<T> {
  /** Accessible name of the table's scrolling region, e.g. "Orders". */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: TanStack Table types a column list of mixed value types this way (its documented idiom)
  columns: ColumnDef<T, any>[];
  rows: T[];
  /** Stable id of a row (React key and test id). */
  rowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Accessible name of a row's open action, e.g. "Open order 1a2b3c4d". */
  rowLabel?: (row: T) => string;
  loading?: boolean;
  empty: string;
  /** The list failed to load (`failedLoad(query, what)`): shown instead of the empty text, with Retry. */
  loadError?: LoadErrorProps | null;
  'data-testid'?: string;
  rowTestId?: string;
}

/** Column options beyond react-table's: classes for the column's cells (e.g. hide it on narrow screens). */
declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    className?: string;
  }
}

/**
 * A list table (@tanstack/react-table with server-side paging: the rows are one page). A row opens
 * with a click or Enter/Space, so the whole list works from the keyboard. The table's region is a size
 * container: a cell lays itself out by the room the table has (`@5xl:` etc.), which the open or closed
 * sidebar changes at the same window width.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowId,
  onRowClick,
  rowLabel,
  loading,
  empty,
  loadError,
  rowTestId,
  ...rest
}: DataTableProps<T>) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowId,
    manualPagination: true,
  });
  return (
    <ScrollRegion
      label={label}
      className="@container rounded-xl border border-border"
      data-testid={rest['data-testid']}
    >
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="bg-muted/40 text-xs text-muted-foreground uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cn('px-2 py-3 font-medium whitespace-nowrap', header.column.columnDef.meta?.className)}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-border">
          {loading &&
            !loadError &&
            rows.length === 0 &&
            [0, 1, 2].map((i) => (
              <tr key={i}>
                <td colSpan={columns.length} className="px-4 py-3">
                  <Skeleton className="h-6 w-full" />
                </td>
              </tr>
            ))}
          {loadError ? (
            <tr>
              <td colSpan={columns.length} className="p-4">
                <LoadError {...loadError} />
              </td>
            </tr>
          ) : (
            !loading &&
            rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-muted-foreground">
                  {empty}
                </td>
              </tr>
            )
          )}
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-testid={rowTestId}
              data-row-id={row.id}
              tabIndex={onRowClick ? 0 : undefined}
              aria-label={rowLabel?.(row.original)}
              onClick={onRowClick && (() => onRowClick(row.original))}
              onKeyDown={
                onRowClick &&
                ((event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onRowClick(row.original);
                  }
                })
              }
              className={cn(
                onRowClick &&
                  'cursor-pointer outline-none hover:bg-accent/40 focus-visible:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
              )}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cn('px-2 py-3 align-middle', cell.column.columnDef.meta?.className)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A cell holding two related columns: the main one, and a muted line under it (e.g. size · upload date). */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <span className="flex flex-col gap-0.5">
      {main}
      <span className="text-xs whitespace-nowrap text-muted-foreground">{sub}</span>
    </span>
  );
}

/**
 * Two facts on one line joined by " · " where the table has room (`@5xl`: 64rem), else one above the other:
 * the longest lines of a cell break before a wide table scrolls sideways.
 */
export function NarrowBreak({ first, second }: { first: string; second: string }) {
  return (
    <>
      {first}
      <span className="block @5xl:inline" data-testid="narrow-break">
        <span className="hidden @5xl:inline"> · </span>
        {second}
      </span>
    </>
  );
}

/** Previous / next paging with "21-40 of 1,234". */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm text-muted-foreground">
      <p data-testid="pager-range" aria-live="polite">
        {from.toLocaleString('en-ZA')}-{to.toLocaleString('en-ZA')} of {total.toLocaleString('en-ZA')}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft aria-hidden />
        </Button>
        <span className="tabular-nums">
          Page {page} of {pages.toLocaleString('en-ZA')}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
          aria-label="Next page"
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
