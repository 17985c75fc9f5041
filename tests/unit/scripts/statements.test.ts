import { describe, expect, it } from 'vitest';
import { parseStatementsArgs } from '../../../scripts/statements';
import { UsageError } from '../../../scripts/restore-table';

describe('npm run statements', () => {
  it('--date runs the statements as on that day', () => {
    expect(parseStatementsArgs(['--date', '2026-12-01'])).toEqual({ kind: 'run', day: '2026-12-01' });
  });

  it('--correct names the account, --month and --reason, checked as the route checks them', () => {
    expect(
      parseStatementsArgs(['--correct', 'bv-1001', '--month', '2026-11', '--reason', ' Check 1042 late ']),
    ).toEqual({
      kind: 'correct',
      accountNumber: 'BV-1001',
      month: '2026-11',
      reason: 'Check 1042 late',
    });
  });

  it.each([
    [[], '--date needs a day written YYYY-MM-DD'],
    [['--date', '2026-02-30'], '--date needs a day written YYYY-MM-DD'],
    [['--date', '2026-12-01', '--correct', 'BV-1001'], 'Give either --date or --correct, not both'],
    [['--date', '2026-12-01', '--month', '2026-11'], '--month and --reason go with --correct'],
    [
      ['--correct', 'BV-1001', '--month', '2026-13', '--reason', 'x'],
      '--month: Month is YYYY-MM, between 2000 and 2099',
    ],
    [['--correct', 'BV-1001', '--month', '2026-11'], '--reason: Reason is required'],
    [['--dates', '2026-12-01'], "Unknown option '--dates'"],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(() => parseStatementsArgs(argv)).toThrow(UsageError);
    expect(() => parseStatementsArgs(argv)).toThrow(message);
  });
});
