import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { outboxMessage } from '../../../lambdas/kernel/outbox';
import { adapterEnvironment, parseRedriveArgs, runRedrive } from '../../../scripts/outbox-redrive';
import { stageTableOf, UsageError, type DynamoDbSender } from '../../../scripts/restore-table';
import { InMemoryOutbox } from '../../support/in-memory-outbox';

/** scripts/outbox-redrive.ts (docs/runbook.md "Outbox dead letters"): its command line, its table and what it does. */
describe('outbox:redrive arguments', () => {
  it('takes a deployed stage or a table name, the ids to redrive (each once) or --list', () => {
    expect(parseRedriveArgs(['--stage', 'prod'])).toEqual({ stage: 'prod', list: false });
    expect(
      parseRedriveArgs(['--table', 'lenslab-local-Outbox', '--id', 'm-1', '--id', ' m-2 ', '--id', 'm-1']),
    ).toEqual({
      table: 'lenslab-local-Outbox',
      ids: ['m-1', 'm-2'],
      list: false,
    });
    expect(parseRedriveArgs(['--stage', 'prod', '--list', '--region', 'eu-west-1'])).toEqual({
      stage: 'prod',
      region: 'eu-west-1',
      list: true,
    });
  });

  it.each([
    [[], /either --stage/],
    [['--stage', 'local'], /--stage must be one of/],
    [['--stage', 'prod', '--id', ''], /--id needs a message id/],
    [['--stage', 'prod', '--id'], /--id/],
    [['--stage', 'prod', '--list', '--id', 'm-1'], /either --list or --id/],
    [['--stage', 'prod', '--all'], /--all/],
  ])('refuses %j with a usage message', (argv, message) => {
    expect(() => parseRedriveArgs(argv)).toThrow(UsageError);
    expect(() => parseRedriveArgs(argv)).toThrow(message);
  });
});

describe("the stage's outbox", () => {
  it("is the stack's own Outbox table, found by its name (never a restored copy)", async () => {
    const client: DynamoDbSender = {
      send: async (command) => {
        expect(command).toBeInstanceOf(ListTablesCommand);
        return {
          TableNames: [
            'LenslabPortal-prod-OutboxTable-ABC123',
            'LenslabPortal-prod-OutboxTable-restored-20260301T1000Z',
            'LenslabPortal-staging-OutboxTable-QQQ',
          ],
        };
      },
    };
    expect(await stageTableOf({ stage: 'prod' }, client, 'outbox')).toBe('LenslabPortal-prod-OutboxTable-ABC123');
  });

  it("gives the Lambdas' adapter the region, the keys the SDK found and the table, in its variables", async () => {
    const client = {
      config: {
        region: async () => 'eu-west-1',
        credentials: async () => ({ accessKeyId: 'AKIA1', secretAccessKey: 's3cret', sessionToken: 'tok' }),
      },
    };
    expect(await adapterEnvironment(client, 'lenslab-local-Outbox')).toEqual({
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIA1',
      AWS_SECRET_ACCESS_KEY: 's3cret',
      AWS_SESSION_TOKEN: 'tok',
      TABLE_OUTBOX: 'lenslab-local-Outbox',
    });
  });
});

describe('redriving', () => {
  const NOW = new Date('2026-03-02T12:00:00Z');
  /** Three dead notices and one still pending. */
  function outboxWithDead() {
    const outbox = new InMemoryOutbox();
    const clock = { now: () => new Date('2026-03-01T08:00:00Z') };
    outbox.store(['d-1', 'd-2', 'd-3', 'p-1'].map((id) => outboxMessage(clock, 'email', { id }, id)));
    for (const id of ['d-1', 'd-2', 'd-3']) {
      Object.assign(outbox.records.get(id)!, { state: 'dead', attempts: 12, lastError: 'SES refused' });
    }
    return outbox;
  }
  const run = async (options: { ids?: string[]; list: boolean }, outbox = outboxWithDead()) => {
    const lines: string[] = [];
    const count = await runRedrive(options, { outbox, now: () => NOW, log: (line) => lines.push(line) });
    return { count, lines, outbox };
  };

  it('puts every dead notice back in the queue, due now with its tries counted afresh, and says how many', async () => {
    const { count, lines, outbox } = await run({ list: false });
    expect(count).toBe(3);
    for (const id of ['d-1', 'd-2', 'd-3']) {
      expect(outbox.records.get(id)).toMatchObject({ state: 'pending', dueAt: NOW.toISOString(), attempts: 0 });
    }
    expect(lines).toEqual([expect.stringMatching(/^3 dead notices went back in the queue/)]);
  });

  it('with --id, only those; a named notice that is not dead is left as it was, and counted apart', async () => {
    const { count, lines, outbox } = await run({ list: false, ids: ['d-2', 'p-1', 'nope'] });
    expect(count).toBe(1);
    expect(outbox.records.get('d-2')?.state).toBe('pending');
    expect(outbox.records.get('d-1')?.state).toBe('dead');
    expect(lines).toEqual([
      expect.stringMatching(/^1 dead notices went back/),
      expect.stringMatching(/^2 of the named ids were not dead/),
    ]);
  });

  it('with --list, prints each dead notice (id, topic, since when, why) and changes nothing', async () => {
    const { count, lines, outbox } = await run({ list: true });
    expect(count).toBe(3);
    expect(lines).toEqual([
      'd-1  email  dead since 2026-03-01T08:00:00.000Z after 12 tries: SES refused',
      'd-2  email  dead since 2026-03-01T08:00:00.000Z after 12 tries: SES refused',
      'd-3  email  dead since 2026-03-01T08:00:00.000Z after 12 tries: SES refused',
      '3 dead notices.',
    ]);
    expect([...outbox.records.values()].filter((r) => r.state === 'dead')).toHaveLength(3);
  });
});
