import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatementSummary } from '../../core/schemas/statements';
import { PayOnline } from '../../web/src/features/invoices';
import { PaymentPanel } from '../../web/src/features/payments';
import { AccountStatements, AdminStatements } from '../../web/src/features/statements';
import { recentMonths } from '../../web/src/features/statements/components/admin-statements';
import { callRoute } from '../../web/src/lib/api-client';
import { startDownload } from '../../web/src/lib/start-download';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));
vi.mock('../../web/src/lib/start-download', () => ({ startDownload: vi.fn() }));

const aStatement = (extra: Partial<StatementSummary> = {}): StatementSummary => ({
  accountNumber: 'LL-1001',
  month: '2026-11',
  version: 1,
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  timeZone: 'America/New_York',
  practiceName: 'Lakeside Vision',
  issuedAt: '2026-12-01T16:00:00.000Z',
  openingCents: 120_000,
  chargesCents: 80_850,
  paymentsCents: 100_000,
  creditsCents: 10_000,
  closingCents: 90_850,
  aging: { current: 70_850, days1To30: 20_000, days31To60: 0, days61To90: 0, over90: 0 },
  ...extra,
});

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('Pay Online: the Statements tab', () => {
  const payOnline = (
    <PayOnline
      userId="u-1"
      accounts={['LL-1001']}
      selectedAccount="LL-1001"
      PaymentArea={PaymentPanel}
      Statements={AccountStatements}
    />
  );

  it('the statement email’s link opens the tab: each statement with its numbers, a correction marked', async () => {
    answer({
      listStatements: () => ({
        items: [aStatement({ version: 2, closingCents: 90_000 }), aStatement(), aStatement({ month: '2026-10' })],
        nextCursor: null,
      }),
    });
    renderAt('/customer/payment?account=LL-1001&tab=statements', '/customer/payment', payOnline);
    expect(screen.getByRole('tab', { name: 'Statements' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: /Monthly statements of account LL-1001/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'November 2026 (corrected, version 2)',
      'November 2026',
      'October 2026',
    ]);
    expect(within(rows[1]!).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$908.50')).toBeInTheDocument();
    // Past due: every bucket but current.
    expect(within(rows[1]!).getByText('$200.00')).toBeInTheDocument();
    expect(callsTo('listStatements')[0]).toMatchObject({ accountNumber: 'LL-1001' });
  });

  it('downloads a version’s PDF through its short-lived link', async () => {
    answer({
      listStatements: () => ({ items: [aStatement()], nextCursor: null }),
      getStatementPdfUrl: () => ({ url: 'https://files.test/s.pdf', expiresAt: '', filename: 'statement.pdf' }),
    });
    const user = renderAt('/customer/payment?tab=statements', '/customer/payment', payOnline);
    await user.click(await screen.findByRole('button', { name: /Download the PDF of November 2026/ }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('https://files.test/s.pdf', 'statement.pdf'));
    expect(callsTo('getStatementPdfUrl')).toEqual([{ accountNumber: 'LL-1001', month: '2026-11', version: 1 }]);
  });

  it('without the statements slot Pay Online shows no tabs', async () => {
    answer({
      listAccountInvoices: () => ({
        items: [],
        nextCursor: null,
        totals: { balanceCents: 0, overdueCents: 0, openCount: 0 },
      }),
    });
    renderAt(
      '/customer/payment?tab=statements',
      '/customer/payment',
      <PayOnline userId="u-1" accounts={['LL-1001']} selectedAccount="LL-1001" PaymentArea={PaymentPanel} />,
    );
    expect(screen.queryByRole('tab', { name: 'Statements' })).toBeNull();
  });
});

describe('the lab’s Statements page', () => {
  it('offers the twelve months before today, newest first', () => {
    expect(recentMonths('2027-01-04').slice(0, 3)).toEqual(['2026-12', '2026-11', '2026-10']);
    expect(recentMonths('2027-01-04')).toHaveLength(12);
  });

  it('lists last month’s statements of every account, and another month when chosen', async () => {
    answer({
      listAllStatements: (input) => ({
        items:
          input.month === '2026-11'
            ? [aStatement(), aStatement({ accountNumber: 'LL-2002', practiceName: 'Hillview Optometry' })]
            : [],
        nextCursor: null,
      }),
    });
    const user = renderAt(
      '/admin/statements',
      '/admin/statements',
      <AdminStatements today="2026-12-03" mayCorrect={false} />,
    );
    expect(await screen.findByText('Hillview Optometry')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-10');
    expect(await screen.findByText('No statements for this month')).toBeInTheDocument();
    expect(callsTo('listAllStatements').map((i) => i.month)).toEqual(['2026-11', '2026-10']);
  });

  it('billing staff issue a corrected version with a reason; the list reads again', async () => {
    let version = 1;
    answer({
      listAllStatements: () => ({ items: [aStatement({ version })], nextCursor: null }),
      correctStatement: () => {
        version = 2;
        return { ...aStatement({ version: 2 }), lines: [] };
      },
    });
    const user = renderAt('/admin/statements', '/admin/statements', <AdminStatements today="2026-12-03" mayCorrect />);
    await user.click(await screen.findByRole('button', { name: 'Correct the statement of LL-1001' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Check 1042 recorded late');
    await user.click(within(dialog).getByRole('button', { name: 'Issue corrected statement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('correctStatement')).toEqual([
      { accountNumber: 'LL-1001', month: '2026-11', reason: 'Check 1042 recorded late' },
    ]);
    expect(await screen.findByText('LL-1001 (version 2)')).toBeInTheDocument();
  });

  it('staff without the billing permission are offered no correction', async () => {
    answer({ listAllStatements: () => ({ items: [aStatement()], nextCursor: null }) });
    renderAt('/admin/statements', '/admin/statements', <AdminStatements today="2026-12-03" mayCorrect={false} />);
    expect(await screen.findByText('Lakeside Vision')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Correct the statement/ })).toBeNull();
  });
});
