import type { CursorPages } from '../../hooks/use-cursor-pages';
import { Button } from './button';
import styles from './cursor-pager.module.css';

/** Previous / Next for a cursor-paged list; hidden when everything fits on one page. */
export function CursorPager({
  label,
  pages,
  nextCursor,
  loading,
}: {
  /** What is paged, e.g. "Admin users": the navigation is named "Admin users pages". */
  label: string;
  pages: CursorPages;
  nextCursor: string | null | undefined;
  loading: boolean;
}) {
  if (pages.page === 1 && !nextCursor) return null;
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <Button variant="secondary" size="sm" onClick={pages.previous} disabled={pages.page === 1 || loading}>
        Previous
      </Button>
      <span className={styles.page} aria-live="polite">
        Page {pages.page}
      </span>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => nextCursor && pages.next(nextCursor)}
        disabled={!nextCursor || loading}
      >
        Next
      </Button>
    </nav>
  );
}
