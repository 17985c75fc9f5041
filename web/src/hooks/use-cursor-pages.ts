import { useCallback, useMemo, useState } from 'react';

/**
 * Paging through a list that answers an opaque `nextCursor` (core/schemas/paging.ts): the cursors of the
 * pages already opened are kept, so Previous goes back without asking the server where page N-1 began.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  const next = useCallback((cursor: string) => setCursors((current) => [...current, cursor]), []);
  const previous = useCallback(() => setCursors((current) => current.slice(0, -1)), []);
  const reset = useCallback(() => setCursors([]), []);
  return useMemo(
    () => ({ cursor: cursors.at(-1), page: cursors.length + 1, next, previous, reset }),
    [cursors, next, previous, reset],
  );
}

export type CursorPages = ReturnType<typeof useCursorPages>;

/** Cursor pages behind a search box (practices, users): a new search starts again from the first page. */
export function useSearchedPages() {
  const [search, setSearch] = useState('');
  const pages = useCursorPages();
  const { reset } = pages;
  const onSearch = useCallback(
    (next: string) => {
      setSearch(next);
      reset();
    },
    [reset],
  );
  return { search, onSearch, pages };
}
