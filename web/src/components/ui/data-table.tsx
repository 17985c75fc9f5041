import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './data-table.module.css';

/** Below this width a table of several columns is hard to read even when it fits: it is shown as cards. */
export const CARDS_BELOW_PX = 700;

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
 * Cards or a table, decided from the space the table really has (sidebar open or not): cards when that space is
 * under CARDS_BELOW_PX, or when the table as laid out is wider than it (a 20-character invoice number, three row
 * actions). A table never scrolls inside its card, where nobody sees the cut column. The width the table needed
 * is remembered, so it comes back as a table once there is room for it; new rows measure again.
 * Without layout (jsdom) nothing is measured and the table stays a table.
 */
function useCardsLayout(rowsKey: unknown) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [cards, setCards] = useState(false);
  const neededRef = useRef(0);
  const rowsRef = useRef(rowsKey);

  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (!wrap || !table) return;
    // Other rows may need another width: lay them out as a table again (before the browser paints).
    const newRows = rowsRef.current !== rowsKey;
    rowsRef.current = rowsKey;
    if (cards && newRows && wrap.clientWidth >= CARDS_BELOW_PX) {
      setCards(false);
      return;
    }
    const decide = () => {
      const room = wrap.clientWidth;
      if (room === 0) return;
      if (cards) {
        if (room >= CARDS_BELOW_PX && room >= neededRef.current) setCards(false);
      } else if (room < CARDS_BELOW_PX || table.offsetWidth > room) {
        neededRef.current = table.offsetWidth;
        setCards(true);
      }
    };
    decide();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(decide);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, [cards, rowsKey]);

  return { wrapRef, tableRef, cards };
}

/**
 * A table that turns into a list of cards when it would not fit (useCardsLayout). Each cell then carries its
 * column name as a label. The ARIA table roles are set explicitly because a table whose CSS display changes can
 * lose its semantics.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, busy = false }: DataTableProps<T>) {
  const { wrapRef, tableRef, cards } = useCardsLayout(rows);
  return (
    <div ref={wrapRef} className={styles.wrap} data-layout={cards ? 'cards' : 'table'}>
      <table ref={tableRef} role="table" className={styles.table} aria-busy={busy || undefined}>
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
