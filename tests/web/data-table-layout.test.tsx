import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARDS_BELOW_PX, DataTable, type Column } from '../../web/src/components/ui/data-table';

/**
 * A table never hides a column or an action by scrolling inside its card. jsdom has no layout,
 * so the widths the browser would measure are set here; the browser walk (tests/e2e/no-cut-elements.spec.ts)
 * checks the real pages.
 */
interface Row {
  id: string;
  name: string;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', primary: true, render: (row) => row.name },
  { key: 'go', header: 'Actions', actions: true, render: (row) => <button type="button">Open {row.name}</button> },
];

function layoutWith(room: number, tableWidth: number): string | null {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'DIV' ? room : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'TABLE' ? tableWidth : 0;
  });
  render(<DataTable caption="Things" columns={columns} rows={[{ id: '1', name: 'A' }]} rowKey={(r) => r.id} />);
  return screen.getByRole('table').parentElement!.getAttribute('data-layout');
}

afterEach(() => vi.restoreAllMocks());

describe('DataTable chooses cards or a table from the room it has', () => {
  it('a table that fits its room stays a table', () => {
    expect(layoutWith(1280, 1100)).toBe('table');
  });

  it('a table wider than its room becomes cards instead of scrolling inside its card', () => {
    expect(layoutWith(1000, 1200)).toBe('cards');
  });

  it(`a room under ${CARDS_BELOW_PX} px shows cards even when the table would fit`, () => {
    expect(layoutWith(CARDS_BELOW_PX - 1, 300)).toBe('cards');
  });

  it('without layout (no width measured) the table stays a table', () => {
    expect(layoutWith(0, 0)).toBe('table');
  });

  it('cards keep the table semantics: the rows, cells and actions stay in the table', () => {
    layoutWith(500, 300);
    expect(screen.getByRole('cell', { name: 'A' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open A' })).toBeInTheDocument();
  });
});
