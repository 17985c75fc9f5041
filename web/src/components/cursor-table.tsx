import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ListCount } from './list-count';
import { LoadFailed } from './load-failed';
import { CursorPager } from './ui/cursor-pager';
import { DataTable, type Column } from './ui/data-table';
import type { CursorPages } from '../hooks/use-cursor-pages';

/** The read of one page of a list, as TanStack Query reports it. */
interface PageQuery<Row> {
  data?: { items: Row[]; nextCursor?: string | null | undefined } | undefined;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * A list read a page at a time (the lab's queues, invoices, claims, practices, users, the audit log): the live count line, the
 * table or why there is none (the read failed, nothing matches), and the pager under it.
 */
export function CursorTable<Row>({
  query,
  pages,
  count,
  failed,
  empty,
  table,
  hidden = false,
}: {
  query: PageQuery<Row>;
  pages: CursorPages;
  /**
   * ListCount's words: what is said while reading, the row's name (one, many) and what follows the count; none
   * when the caller shows the count elsewhere (in a toolbar).
   */
  count?: { loading: string; noun: readonly [string, string]; detail?: string };
  /** LoadFailed's title when the read fails. */
  failed: string;
  /** What is said when the page has no rows. */
  empty: { title: string; body?: ReactNode };
  /** The table's caption, columns and row key, and the name of its pager ("Orders" gives "Orders pages"). */
  table: { caption: string; columns: readonly Column<Row>[]; rowKey: (row: Row) => string; pager: string };
  /** No table nor message while the filters are not valid: the fields say what is wrong. */
  hidden?: boolean;
}) {
  const items = query.data?.items ?? [];
  return (
    <>
      {count ? (
        <ListCount
          query={query}
          loading={count.loading}
          count={items.length}
          noun={count.noun}
          {...(count.detail ? { detail: count.detail } : {})}
        />
      ) : null}
      {hidden ? null : query.isError ? (
        <LoadFailed title={failed} onRetry={() => void query.refetch()} />
      ) : query.isPending ? null : items.length === 0 ? (
        <EmptyState title={empty.title}>{empty.body}</EmptyState>
      ) : (
        <DataTable
          caption={table.caption}
          columns={table.columns}
          rows={items}
          rowKey={table.rowKey}
          busy={query.isPlaceholderData}
        />
      )}
      <CursorPager label={table.pager} pages={pages} nextCursor={query.data?.nextCursor} loading={query.isFetching} />
    </>
  );
}
