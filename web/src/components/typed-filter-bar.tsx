import type { HTMLAttributes, ReactNode } from 'react';
import type { useTypedFilters } from '../hooks/use-typed-filters';
import { Button } from './ui/button';
import { TextField, type TextFieldProps } from './ui/text-field';
import list from './list-page.module.css';

const DATE_ENDS = ['from', 'to'] as const;

/**
 * The filters above a lab list (Order Approval, Invoices, Audit): the search box and the account number, typed
 * locally and sent once typing pauses (useTypedFilters), the list's own fields, and "Clear filters" while any
 * filter is set.
 */
export function TypedFilterBar({
  typed,
  search,
  accountError,
  onClear,
  clearClassName,
  children,
  dates,
  ...bar
}: {
  typed: ReturnType<typeof useTypedFilters>;
  /** The search box's label, width class, placeholder and length. */
  search: Pick<TextFieldProps, 'label' | 'className' | 'placeholder' | 'maxLength' | 'hint'>;
  accountError: string | undefined;
  /** Clears the filters in the URL (the typed fields are emptied here); null while no filter is set. */
  onClear: (() => void) | null;
  clearClassName?: string;
  children?: ReactNode;
  /** A from / to pair of date filters after the list's own fields; `errors` marks either end. */
  dates?: {
    labels: readonly [string, string];
    value: { from: string; to: string };
    errors: { from?: string | undefined; to?: string | undefined };
    className: string | undefined;
    onChange: (change: { from: string } | { to: string }) => void;
  };
} & Pick<HTMLAttributes<HTMLDivElement>, 'role' | 'aria-label'>) {
  return (
    <div className={list.filters} {...bar}>
      <TextField
        type="search"
        autoComplete="off"
        {...search}
        value={typed.searchText}
        onChange={(event) => typed.setSearchText(event.target.value)}
      />
      <TextField
        label="Account number"
        className={list.accountFilter}
        value={typed.accountText}
        maxLength={32}
        autoComplete="off"
        error={accountError}
        onChange={(event) => typed.setAccountText(event.target.value)}
      />
      {children}
      {dates
        ? DATE_ENDS.map((end, index) => (
            <TextField
              key={end}
              label={dates.labels[index] ?? end}
              type="date"
              className={dates.className}
              value={dates.value[end]}
              error={dates.errors[end]}
              onChange={(event) =>
                dates.onChange(end === 'from' ? { from: event.target.value } : { to: event.target.value })
              }
            />
          ))
        : null}
      {onClear ? (
        <Button
          variant="ghost"
          size="sm"
          {...(clearClassName ? { className: clearClassName } : {})}
          onClick={() => {
            typed.clearTyped();
            onClear();
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
