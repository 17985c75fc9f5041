import { useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import styles from './search-field.module.css';

const DEBOUNCE_MS = 350;

/**
 * A search box that reports what to look for once the user pauses typing (and at once on Enter), so a list
 * is not asked for at every keystroke.
 */
export function SearchField({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  onSearch: (search: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const settled = useDebouncedValue(value.trim(), DEBOUNCE_MS);

  useEffect(() => onSearch(settled), [settled, onSearch]);

  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={100}
        onChange={(event) => setValue(event.target.value)}
      />
    </form>
  );
}
