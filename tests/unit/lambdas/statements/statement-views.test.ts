import { beforeEach, describe, expect, it } from 'vitest';
import { buildStatement, periodOfMonth } from '../../../../core/rules/statements';
import type { Statement } from '../../../../core/schemas/statements';
import { renderStatementPdf } from '../../../../lambdas/documents/statement-pdf';
import type { DocumentStore } from '../../../../lambdas/ports/document-store';
import { getStatementPdfUrl, listAllStatements, listStatements } from '../../../../lambdas/use-cases/statements';
import { STATEMENT_NOT_FOUND } from '../../../../core/schemas/statements';
import { PRACTICE } from '../../../support/document-fixtures';
import { identity } from '../../../support/identities';
import { InMemoryStatementStore } from '../../../support/in-memory-statements';
import { pdfText } from '../../../support/pdf-text';
import { testCustomers, testUsers } from '../../../support/test-directory';

class InMemoryDocuments implements DocumentStore {
  readonly objects = new Map<string, Uint8Array>();
  async put(key: string, bytes: Uint8Array) {
    this.objects.set(key, bytes);
  }
  async downloadUrl(key: string, filename: string) {
    return `https://files.test/${key}?filename=${encodeURIComponent(filename)}`;
  }
  async exists(key: string) {
    return this.objects.has(key);
  }
}

const NY = 'America/New_York';

function statementOf(accountNumber: string, month: string, version = 1, extra: Partial<Statement> = {}): Statement {
  const period = periodOfMonth(month);
  const numbers = buildStatement(
    {
      invoices: [
        {
          invoiceNumber: `INV-${month}`,
          issuedAt: `${period.from}T15:00:00.000Z`,
          dueDate: period.to,
          totalCents: 40_850,
          settlements: [
            {
              at: `${period.from.slice(0, 8)}20T15:00:00.000Z`,
              method: 'cheque',
              amountCents: 10_000,
              reference: '1042',
            },
            { at: `${period.from.slice(0, 8)}21T15:00:00.000Z`, method: 'credit', amountCents: 850 },
          ],
        },
      ],
    },
    period,
    { timeZone: NY },
  );
  return {
    accountNumber,
    month,
    version,
    periodFrom: period.from,
    periodTo: period.to,
    timeZone: NY,
    practiceName: 'Brightview Eye Care',
    issuedAt: '2026-12-01T16:00:00.000Z',
    openingCents: numbers.openingCents,
    chargesCents: numbers.chargesCents,
    paymentsCents: numbers.paymentsCents,
    creditsCents: numbers.creditsCents,
    closingCents: numbers.closingCents,
    lines: numbers.lines,
    aging: numbers.aging,
    ...extra,
  };
}

const ann = identity(['customer'], { userId: 'u-ann' });
const eve = identity(['customer'], { userId: 'u-eve' });
const lab = identity(['admin'], { userId: 'u-lab' });

let statements: InMemoryStatementStore;
let documents: InMemoryDocuments;
const user = (userId: string, accountNumber: string) => ({
  userId,
  email: `${userId}@test`,
  firstName: userId,
  accountNumber,
});
const users = testUsers([user('u-ann', 'BV-1001'), user('u-eve', 'HV-2001'), user('u-lab', '')]);

beforeEach(async () => {
  statements = new InMemoryStatementStore();
  documents = new InMemoryDocuments();
  await statements.issue(statementOf('BV-1001', '2026-10'), []);
  await statements.issue(statementOf('BV-1001', '2026-11'), []);
  await statements.issue(statementOf('BV-1001', '2026-11', 2, { correctionReason: 'Check recorded late' }), []);
  await statements.issue(statementOf('HV-2001', '2026-11'), []);
});

describe('listStatements', () => {
  it('lists an account’s statements newest month and version first, without their lines', async () => {
    const page = await listStatements(ann, { accountNumber: 'BV-1001', limit: 24 }, { statements, users });
    expect(page.items.map((s) => [s.month, s.version])).toEqual([
      ['2026-11', 2],
      ['2026-11', 1],
      ['2026-10', 1],
    ]);
    expect(page.items[0]).not.toHaveProperty('lines');
  });

  it('answers not-found for an account the practice user is not linked to', async () => {
    await expect(
      listStatements(eve, { accountNumber: 'BV-1001', limit: 24 }, { statements, users }),
    ).rejects.toMatchObject({ status: 'not-found' });
  });

  it('lets the lab list one month across every account', async () => {
    const page = await listAllStatements({ month: '2026-11', limit: 50 }, { statements });
    expect(page.items.map((s) => [s.accountNumber, s.version])).toEqual([
      ['BV-1001', 1],
      ['BV-1001', 2],
      ['HV-2001', 1],
    ]);
  });
});

describe('getStatementPdfUrl', () => {
  const deps = () => ({ statements, users, customers: testCustomers([PRACTICE]), documents, now: () => new Date() });

  it('renders a version once, stored under its account, month and version, and links to it', async () => {
    const first = await getStatementPdfUrl(lab, { accountNumber: 'BV-1001', month: '2026-11', version: 2 }, deps());
    expect(first.filename).toBe('statement-BV-1001-2026-11-v2.pdf');
    expect([...documents.objects.keys()]).toEqual(['documents/statements/BV-1001/2026-11-v2.pdf']);
    await getStatementPdfUrl(ann, { accountNumber: 'BV-1001', month: '2026-11', version: 2 }, deps());
    expect(documents.objects.size).toBe(1);
  });

  it('answers the same not-found for another practice’s statement and for one that does not exist', async () => {
    for (const [caller, input] of [
      [eve, { accountNumber: 'BV-1001', month: '2026-11', version: 1 }],
      [ann, { accountNumber: 'BV-1001', month: '2026-09', version: 1 }],
    ] as const)
      await expect(getStatementPdfUrl(caller, input, deps())).rejects.toMatchObject({
        status: 'not-found',
        message: STATEMENT_NOT_FOUND,
      });
  });
});

describe('statement PDF', () => {
  it('prints the period, each line with its balance, the totals that reconcile and the aging', async () => {
    const pdf = await pdfText(await renderStatementPdf(statementOf('BV-1001', '2026-11'), PRACTICE));
    for (const expected of [
      'Statement 2026-11',
      'BV-1001',
      '2026-11-01 to 2026-11-30',
      'Opening balance',
      'Invoice',
      'INV-2026-11',
      'Payment',
      '1042',
      'Lens credit applied',
      '$408.50',
      '-$100.00',
      '-$8.50',
      '$300.00',
      'Closing balance',
      'Current',
      'Over 90 days',
    ])
      expect(pdf.text, expected).toContain(expected);
  });

  it('says a correction is one, and why', async () => {
    const pdf = await pdfText(
      await renderStatementPdf(statementOf('BV-1001', '2026-11', 2, { correctionReason: 'Check recorded late' }), null),
    );
    expect(pdf.text).toContain('version 2');
    expect(pdf.text).toContain('Check recorded late');
  });

  it('renders the same version to the same bytes', async () => {
    const s = statementOf('BV-1001', '2026-11');
    expect(await renderStatementPdf(s, PRACTICE)).toEqual(await renderStatementPdf(s, PRACTICE));
  });
});
