import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_MESSAGES } from '../../core/messages';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../core/schemas/production-settings';
import type { MoveOrderStagesOutput, OrderSummary } from '../../core/schemas/orders';
import { OrderQueue } from '../../web/src/features/orders/lab/order-queue';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { aSummary } from '../support/order-approval-fakes';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const PRODUCTION = '/admin/order-approval?status=approved';
const renderQueue = (path = PRODUCTION) => renderAt(path, '/admin/order-approval', <OrderQueue />);

/** The lab's own stage names: the queue must show these, not the defaults. */
const SETTINGS = {
  ...DEFAULT_PRODUCTION_SETTINGS,
  stages: [
    { id: 'approved', label: 'Approved' },
    { id: 'lathing', label: 'On the lathe' },
    { id: 'polishing', label: 'Polishing' },
    { id: 'shipped', label: 'Shipped' },
    { id: 'delivered', label: 'Delivered' },
  ],
};

const id = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`;

function inProduction(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return aSummary({
    orderId: id(n),
    orderNumber: `LL-00000${n}`,
    patient: `Patient ${n}`,
    status: 'approved',
    stage: 'approved',
    version: 10 + n,
    ...overrides,
  });
}

const ROWS = [
  inProduction(1, {
    stage: 'lathing',
    promise: { shipBy: '2026-12-08', firstShipBy: '2026-12-08', arriveBy: '2026-12-11' },
    promiseState: 'late',
  }),
  inProduction(2, {
    promise: { shipBy: '2026-12-10', firstShipBy: '2026-12-10', arriveBy: '2026-12-15' },
    promiseState: 'at-risk',
  }),
  inProduction(3, {
    stage: 'polishing',
    promise: { shipBy: '2026-12-18', firstShipBy: '2026-12-18', arriveBy: '2026-12-23' },
    promiseState: 'on-time',
  }),
];

const page = (items: OrderSummary[] = ROWS) => ({ items, nextCursor: null });

const rowOf = (number: string) => {
  const table = screen.getByRole('table');
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(number));
  if (!row) throw new Error(`no row for ${number}`);
  return row;
};

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Order Approval, the production tab', () => {
  it("shows each order's stage by the lab's own name and its ship-by day with At risk and Late in words", async () => {
    answer({ listOrders: () => page(), getProductionSettings: () => SETTINGS });
    renderQueue();

    const table = await screen.findByRole('table', { name: 'In production orders, oldest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Stage', 'Ship by']));
    await waitFor(() => expect(rowOf('LL-000001')).toHaveTextContent('On the lathe'));
    expect(rowOf('LL-000001')).toHaveTextContent('Tue, Dec 8');
    expect(rowOf('LL-000001')).toHaveTextContent('Late');
    expect(rowOf('LL-000002')).toHaveTextContent('Approved');
    expect(rowOf('LL-000002')).toHaveTextContent('At risk');
    // On time needs no badge: only what asks for attention is flagged.
    expect(rowOf('LL-000003')).toHaveTextContent('Fri, Dec 18');
    expect(rowOf('LL-000003')).not.toHaveTextContent(/At risk|Late|On time/);
  });

  it('the other tabs keep their columns: no checkboxes, no stage, no sort, and no stage settings asked', async () => {
    answer({ listOrders: () => page([aSummary()]) });
    renderQueue('/admin/order-approval');
    const table = await screen.findByRole('table', { name: 'Submitted orders, oldest first' });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Stage' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Sort')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to next stage' })).not.toBeInTheDocument();
    expect(callsTo('getProductionSettings')).toHaveLength(0);
  });

  it('"Ship by (soonest first)" is sent as listOrders\' sort and kept in the URL; the default order sends none', async () => {
    answer({ listOrders: () => page(), getProductionSettings: () => SETTINGS });
    const user = renderQueue();
    await screen.findByRole('table');
    expect(callsTo('listOrders')[0]).toEqual({ status: 'approved', limit: 25 });

    await user.selectOptions(screen.getByLabelText('Sort'), 'Ship by (soonest first)');

    await waitFor(() =>
      expect(callsTo('listOrders').at(-1)).toEqual({ status: 'approved', limit: 25, sort: 'shipBy' }),
    );
    expect(
      await screen.findByRole('table', { name: 'In production orders, soonest ship-by day first' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Sort')).toHaveAccessibleDescription(
      'Orders without a ship-by day are left out of this order.',
    );
  });

  it('a link with sort=shipBy opens the production tab in that order', async () => {
    answer({ listOrders: () => page(), getProductionSettings: () => SETTINGS });
    renderQueue(`${PRODUCTION}&sort=shipBy`);
    await screen.findByRole('table');
    expect(callsTo('listOrders')[0]).toEqual({ status: 'approved', limit: 25, sort: 'shipBy' });
    expect(screen.getByLabelText('Sort')).toHaveValue('shipBy');
  });

  it('"Move to next stage" sends ONE call with every chosen order and its version, says how many moved and names each refused order with the server\'s reason, then reads the list again', async () => {
    const output: MoveOrderStagesOutput = {
      results: [
        { orderId: id(1), ok: true, order: { ...ROWS[0]!, stage: 'polishing', version: 12 } },
        { orderId: id(3), ok: false, error: { status: 'aborted', message: CHANGED_MESSAGES.order } },
      ],
      moved: 1,
      refused: 1,
    };
    answer({ listOrders: () => page(), getProductionSettings: () => SETTINGS, moveOrderStages: () => output });
    const user = renderQueue();
    await screen.findByRole('table');
    const move = screen.getByRole('button', { name: 'Move to next stage' });
    expect(move).toBeDisabled();
    expect(screen.getByText('0 orders selected')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select order LL-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order LL-000003' }));
    expect(screen.getByText('2 orders selected')).toBeInTheDocument();
    const listsBefore = callsTo('listOrders').length;
    await user.click(move);

    expect(await screen.findByText('1 moved, 1 not moved')).toBeVisible();
    expect(callsTo('moveOrderStages')).toEqual([
      {
        moves: [
          { orderId: id(1), version: 11, to: 'next' },
          { orderId: id(3), version: 13, to: 'next' },
        ],
      },
    ]);
    const refused = within(screen.getByRole('list', { name: 'Orders not moved' })).getAllByRole('listitem');
    expect(refused.map((item) => item.textContent)).toEqual([`LL-000003: ${CHANGED_MESSAGES.order}`]);
    await waitFor(() => expect(callsTo('listOrders').length).toBeGreaterThan(listsBefore));
    // The choice is spent: the refused order is chosen again from the list as it now is.
    expect(screen.getByRole('checkbox', { name: 'Select order LL-000003' })).not.toBeChecked();
  });

  it('"Select all" chooses every order of the page shown, and "Move to" sends them to the stage picked from the lab\'s list', async () => {
    answer({
      listOrders: () => page(),
      getProductionSettings: () => SETTINGS,
      moveOrderStages: () => ({
        results: ROWS.map((row) => ({ orderId: row.orderId, ok: true })),
        moved: 3,
        refused: 0,
      }),
    });
    const user = renderQueue();
    await screen.findByRole('table');
    const stage = screen.getByLabelText('Move to');
    // The stages an order in production may stand at: Approved and the lab's work stages, never Shipped.
    await waitFor(() =>
      expect(
        within(stage)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a stage', 'Approved', 'On the lathe', 'Polishing']),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(
      screen.getAllByRole('checkbox', { name: /^Select order/ }).every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    await user.selectOptions(stage, 'Polishing');
    await user.click(screen.getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('3 moved')).toBeVisible();
    expect(callsTo('moveOrderStages')).toEqual([
      { moves: ROWS.map((row) => ({ orderId: row.orderId, version: row.version, to: 'polishing' })) },
    ]);
    expect(screen.queryByRole('list', { name: 'Orders not moved' })).not.toBeInTheDocument();
  });

  it('while the move is under way the button is busy and a second press sends nothing more', async () => {
    let finish: (value: MoveOrderStagesOutput) => void = () => undefined;
    answer({
      listOrders: () => page(),
      getProductionSettings: () => SETTINGS,
      moveOrderStages: () =>
        new Promise<MoveOrderStagesOutput>((resolve) => {
          finish = resolve;
        }),
    });
    const user = renderQueue();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select order LL-000002' }));
    const move = screen.getByRole('button', { name: 'Move to next stage' });
    await user.click(move);

    await waitFor(() => expect(move).toHaveAttribute('aria-busy', 'true'));
    expect(move).toBeDisabled();
    await user.click(move);
    expect(callsTo('moveOrderStages')).toHaveLength(1);

    finish({ results: [{ orderId: id(2), ok: true }], moved: 1, refused: 0 });
    expect(await screen.findByText('1 moved')).toBeVisible();
    expect(move).not.toHaveAttribute('aria-busy');
  });

  it('a move the server refuses as a whole says why in an alert, and nothing is reported as moved', async () => {
    answer({
      listOrders: () => page(),
      getProductionSettings: () => SETTINGS,
      moveOrderStages: () => {
        throw new CallableError({
          route: 'moveOrderStages',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'At most 50 orders at once',
        });
      },
    });
    const user = renderQueue();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select order LL-000001' }));
    await user.click(screen.getByRole('button', { name: 'Move to next stage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 50 orders at once');
    expect(screen.queryByText(/moved/)).not.toBeInTheDocument();
  });
});
