import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before a typed filter is sent. */
const TYPING_PAUSE_MS = 350;

export interface TypedFilters {
  account: string;
  q: string;
}

/**
 * The typed filters of a lab list kept in the query string (account number and search; Order Approval,
 * Invoices): the fields answer every keystroke locally, and once the user pauses `write` puts the settled
 * text in the URL (and so asks the server). `stored` is what the URL holds now: nothing is written while it
 * already matches, nor while `paused()` (the page is being left).
 */
export function useTypedFilters(stored: TypedFilters, write: (typed: TypedFilters) => void, paused?: () => boolean) {
  const [accountText, setAccountText] = useState(stored.account);
  const [searchText, setSearchText] = useState(stored.q);
  const settledAccount = useDebouncedValue(accountText, TYPING_PAUSE_MS);
  const settledSearch = useDebouncedValue(searchText, TYPING_PAUSE_MS);

  useEffect(() => {
    if (paused?.()) return;
    if (stored.account === settledAccount.trim() && stored.q === settledSearch.trim()) return;
    write({ account: settledAccount, q: settledSearch });
    // Only a settled value writes the URL; the URL changing on its own must not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledAccount, settledSearch]);

  /** Empties both fields ("Clear filters"); the caller clears the URL. */
  const clearTyped = () => {
    setAccountText('');
    setSearchText('');
  };
  return { accountText, setAccountText, searchText, setSearchText, clearTyped };
}
