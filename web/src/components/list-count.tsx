import { Spinner } from './ui/spinner';
import list from './list-page.module.css';

/**
 * The live line above a list (a polite status): a spinner while the list is read, then how many rows it
 * shows, e.g. "3 invoices on this page, newest first".
 */
export function ListCount({
  query,
  loading,
  count,
  noun,
  detail,
  className = list.count,
}: {
  query: { isFetching: boolean; isSuccess: boolean };
  /** Said while reading, e.g. "Loading invoices…". */
  loading: string;
  count: number;
  /** The row's name, one and many. */
  noun: readonly [string, string];
  /** After the count, e.g. "on this page, newest first". */
  detail?: string;
  /** Another placement than above the table (e.g. in a bar beside a button). */
  className?: string;
}) {
  return (
    <p className={className} role="status">
      {query.isFetching ? (
        <>
          <Spinner size={14} /> {loading}
        </>
      ) : query.isSuccess ? (
        `${count} ${count === 1 ? noun[0] : noun[1]}${detail ? ` ${detail}` : ''}`
      ) : null}
    </p>
  );
}
