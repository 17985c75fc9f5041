import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEvent } from '../../core/schemas/audit';
import { sdkDocumentClient } from '../support/dynamo-rows';

/**
 * The audit log's hash chains against DynamoDB Local: entries written by the adapter verify
 * intact; an entry rewritten afterwards with a plain PutItem (what any role holding PutItem could do, the
 * adapter's condition being the caller's choice) is reported by `npm run audit:verify`, which exits 1.
 */
let table: string;
let log: ReturnType<typeof import('../../lambdas/adapters/dynamo-audit-log').dynamoAuditLog>;
let verify: typeof import('../../scripts/audit-verify').verifyAuditLogDay;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  table = (await import('../../lambdas/adapters/dynamo-client')).tableName('auditLog');
  log = (await import('../../lambdas/adapters/dynamo-audit-log')).dynamoAuditLog();
  verify = (await import('../../scripts/audit-verify')).verifyAuditLogDay;
});

/** A day of its own in the past, so no other test's entries share the partition. */
const ownDay = () => `20${randomInt(10, 19)}-0${randomInt(1, 9)}-${randomInt(10, 28)}`;

function entry(day: string, second: number): AuditEvent {
  return {
    eventId: randomUUID(),
    at: `${day}T08:00:${String(second).padStart(2, '0')}.000Z`,
    kind: 'change',
    action: 'invoice.void',
    actor: { userId: 'it-actor', email: 'Biller@Lab.test', groups: ['admin'] },
    target: { type: 'invoice', id: `INV-${second}` },
    accountNumber: second % 2 ? 'BV-1001' : null,
    route: 'voidInvoice',
    status: null,
    correlationId: randomUUID(),
    sourceIp: '127.0.0.1',
    before: { status: 'open', amountCents: 14_500 },
    after: { status: 'void', reason: 'Duplicate' },
  };
}

const run = promisify(execFile);
async function cli(day: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/audit-verify.ts', '--date', day, '--table', table], {
      env: process.env,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('the audit log is tamper-evident: audit:verify', () => {
  it('entries written by the portal verify intact, with their expiry six years on', async () => {
    const day = ownDay();
    for (let s = 0; s < 4; s++) await log.append(entry(day, s));
    expect(await verify(sdkDocumentClient(), table, day)).toEqual({ day, entries: 4, chains: 1, problems: [] });
  });

  it('an entry rewritten with a plain PutItem is reported, and the command exits 1', async () => {
    const day = ownDay();
    const events = [entry(day, 1), entry(day, 2), entry(day, 3)];
    for (const e of events) await log.append(e);
    const intact = await cli(day);
    expect(intact).toMatchObject({ code: 0, output: expect.stringContaining('intact') });

    const target = events[1]!;
    const key = { day, sk: `${target.at}#${target.eventId}` };
    const { Item } = await sdkDocumentClient().send(
      new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: table, Key: key }),
    );
    expect(Item?.['expiresAt']).toBe(Math.floor(Date.parse(target.at.replace(/^\d{4}/, (y) => String(+y + 6))) / 1000));
    await sdkDocumentClient().send(
      new PutCommand({ TableName: table, Item: { ...Item, after: { status: 'void', reason: 'Never happened' } } }),
    );

    const found = await verify(sdkDocumentClient(), table, day);
    expect(found.problems).toEqual([`entry ${key.sk}: does not match its hash (edited after it was written)`]);
    const tampered = await cli(day);
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain(`entry ${key.sk}: does not match its hash`);
    expect(tampered.output).toContain('NOT intact');
  });
});
