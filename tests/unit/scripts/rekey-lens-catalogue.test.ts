import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { lensesTableOf, parseRekeyArgs } from '../../../scripts/rekey-lens-catalogue';
import { UsageError, type DynamoDbSender } from '../../../scripts/restore-table';

/** The command line and the table lookup of scripts/rekey-lens-catalogue.ts; the re-keying itself runs against DynamoDB Local (tests/integration). */
describe('rekey-lens-catalogue arguments', () => {
  it('takes a deployed stage or a table name, and --dry-run', () => {
    expect(parseRekeyArgs(['--stage', 'prod', '--dry-run'])).toEqual({ stage: 'prod', dryRun: true });
    expect(parseRekeyArgs(['--table', 'lenslab-local-Lenses'])).toEqual({
      table: 'lenslab-local-Lenses',
      dryRun: false,
    });
  });

  it.each([
    [[], /either --stage/],
    [['--stage', 'prod', '--table', 'x-table'], /either --stage/],
    [['--stage', 'local'], /--stage must be one of/],
    [['--table', 'no spaces please'], /--table must be a DynamoDB table name/],
    [['--stage', 'prod', '--force'], /--force/],
  ])('refuses %j with a usage message', (argv, message) => {
    expect(() => parseRekeyArgs(argv)).toThrow(UsageError);
    expect(() => parseRekeyArgs(argv)).toThrow(message);
  });
});

describe('the lenses table of a stage', () => {
  it("is the stack's own lenses table, found by its name (never a restored copy nor another stage's)", async () => {
    const client: DynamoDbSender = {
      send: async (command) => {
        expect(command).toBeInstanceOf(ListTablesCommand);
        return {
          TableNames: [
            'LenslabPortal-prod-LensesTable-ABC123',
            'LenslabPortal-prod-LensesTable-restored-20260301T1000Z',
            'LenslabPortal-staging-LensesTable-QQQ',
            'LenslabPortal-prod-OrdersTable-XYZ',
          ],
        };
      },
    };
    expect(await lensesTableOf({ stage: 'prod', dryRun: false }, client)).toBe('LenslabPortal-prod-LensesTable-ABC123');
  });

  it('is the named table when --table is given, without a lookup', async () => {
    const client: DynamoDbSender = { send: async () => expect.unreachable('no lookup') };
    expect(await lensesTableOf({ table: 'lenslab-local-Lenses', dryRun: false }, client)).toBe('lenslab-local-Lenses');
  });
});
