import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The cell that names the row: on narrow screens it heads the card, without a label. */
  primary?: boolean;
  /** Action cells sit at the end of the row, and of the card. */
  actions?: boolean;
  /** Amounts and counts: right-aligned with even-width digits and never broken, so a column lines up. */
  numeric?: boolean;
}

export interface DataTableProps<T> {
  /** The table's name for screen readers (a visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A page is being replaced: the rows stay readable but are marked busy. */
  busy?: boolean;
}

/**
 * A table that turns into a list of cards when its container is narrow (container query, so it follows the
 * space the page really has, sidebar or not). Each cell then carries its column name as a label. The ARIA
 * table roles are set explicitly because a table whose CSS display changes can lose its semantics.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, busy = false }: DataTableProps<T>) {
  return (
    <div className={styles.wrap}>
      <table role="table" className={styles.table} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={[column.actions ? styles.actions : '', column.numeric ? styles.numeric : ''].join(' ')}
              >
                {column.actions ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td
                  key={column.key}
                  role="cell"
                  data-label={column.header}
                  className={[
                    column.primary ? styles.primary : '',
                    column.actions ? styles.actions : '',
                    column.numeric ? styles.numeric : '',
                  ].join(' ')}
                >
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
