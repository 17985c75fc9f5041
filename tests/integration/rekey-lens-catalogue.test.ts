import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { TABLES } from '../../core/data/tables';
import { LENS_CATALOGUE_PARTITION, lensNameKey } from '../../lambdas/ports/lens-catalogue';
import { documentClientAt, dynamoClient } from '../../local/emulators/dynamodb';
import { createTable } from '../../local/provision/tables';
import { rekeyLensCatalogue } from '../../scripts/rekey-lens-catalogue';

/**
 * scripts/rekey-lens-catalogue.ts against DynamoDB Local, on a lenses table of its own (the shared one holds
 * every other test's designs): designs stored with the key the old lensNameKey wrote (lower-cased only) get
 * the folded one, a design saved meanwhile keeps its own, and a second run changes nothing.
 */
const endpoint = inject('env').AWS_ENDPOINT_URL_DYNAMODB!;
const table = `rekey-${randomUUID().slice(0, 8)}-${TABLES.lenses.id}`;
let tables: DynamoDBClient;
let client: DynamoDBDocumentClient;

/** The key as lensNameKey wrote it before names were folded. */
const oldKey = (name: string, lensId: string) => `${name.trim().toLowerCase().replace(/\s+/g, ' ')}#${lensId}`;

const DESIGNS = [
  { lensId: 'rk-elan', name: 'Élan Scleral' },
  { lensId: 'rk-angstrom', name: 'Ångström GP' },
  { lensId: 'rk-alpha', name: 'Alpha Soft' },
  { lensId: 'rk-zeta', name: 'Zeta Hybrid' },
];

async function store(lensId: string, name: string, nameKey: string) {
  await client.send(
    new PutCommand({
      TableName: table,
      Item: { lensId, name, catalogue: LENS_CATALOGUE_PARTITION, nameKey, version: 3, active: true },
    }),
  );
}

const storedKey = async (lensId: string) =>
  (await client.send(new GetCommand({ TableName: table, Key: { lensId }, ConsistentRead: true }))).Item?.['nameKey'];

async function listedNames() {
  const { Items } = await client.send(
    new QueryCommand({
      TableName: table,
      IndexName: 'byCatalogue',
      KeyConditionExpression: 'catalogue = :c',
      ExpressionAttributeValues: { ':c': LENS_CATALOGUE_PARTITION },
    }),
  );
  return (Items ?? []).map((item) => item['name'] as string);
}

function run(dryRun = false, sender: Pick<DynamoDBDocumentClient, 'send'> = client) {
  const lines: string[] = [];
  return rekeyLensCatalogue(sender, table, { dryRun, log: (line) => lines.push(line) }).then((summary) => ({
    summary,
    lines,
  }));
}

beforeAll(async () => {
  tables = dynamoClient(endpoint);
  client = documentClientAt(endpoint);
  await createTable(tables, table, TABLES.lenses);
});

afterAll(async () => {
  await tables?.send(new DeleteTableCommand({ TableName: table }));
  client?.destroy();
  tables?.destroy();
});

beforeEach(async () => {
  // Two designs as stored before the change (their old keys differ from the new), two whose keys agree.
  for (const { lensId, name } of DESIGNS) await store(lensId, name, oldKey(name, lensId));
});

describe('re-keying the stored lens catalog', () => {
  it('--dry-run prints the designs it would re-key and writes nothing', async () => {
    const { summary, lines } = await run(true);
    expect(summary).toEqual({ designs: 4, rekeyed: 2, changedMeanwhile: 0 });
    expect(lines).toEqual(
      expect.arrayContaining([
        'Would re-key rk-elan: "élan scleral#rk-elan" -> "elan scleral#rk-elan"',
        'Would re-key rk-angstrom: "ångström gp#rk-angstrom" -> "angstrom gp#rk-angstrom"',
      ]),
    );
    expect(await storedKey('rk-elan')).toBe(oldKey('Élan Scleral', 'rk-elan'));
    expect(await listedNames()).toEqual(['Alpha Soft', 'Zeta Hybrid', 'Ångström GP', 'Élan Scleral']);
  });

  it('gives designs with an old key the folded one, so accented names list in place; a second run changes nothing', async () => {
    const first = await run();
    expect(first.summary).toEqual({ designs: 4, rekeyed: 2, changedMeanwhile: 0 });
    expect(first.lines).toHaveLength(2);
    for (const { lensId, name } of DESIGNS) expect(await storedKey(lensId)).toBe(lensNameKey(name, lensId));
    expect(await listedNames()).toEqual(['Alpha Soft', 'Ångström GP', 'Élan Scleral', 'Zeta Hybrid']);
    // Only the index key changes: the design's version stays, so an editor's open form still saves.
    const elan = await client.send(new GetCommand({ TableName: table, Key: { lensId: 'rk-elan' } }));
    expect(elan.Item).toMatchObject({ name: 'Élan Scleral', version: 3 });

    const second = await run();
    expect(second.summary).toEqual({ designs: 4, rekeyed: 0, changedMeanwhile: 0 });
    expect(second.lines).toEqual([]);
  });

  it('a design saved between the read and the write keeps the key of that save (conditional write)', async () => {
    // The super admin renames Élan while the script runs: the save writes its own key just before ours.
    const racing: Pick<DynamoDBDocumentClient, 'send'> = {
      send: (async (command: object) => {
        if (command instanceof UpdateCommand && command.input.Key?.['lensId'] === 'rk-elan') {
          await store('rk-elan', 'Elara Scleral', lensNameKey('Elara Scleral', 'rk-elan'));
        }
        return client.send(command as never);
      }) as DynamoDBDocumentClient['send'],
    };
    const { summary, lines } = await run(false, racing);
    expect(summary).toEqual({ designs: 4, rekeyed: 1, changedMeanwhile: 1 });
    expect(lines).toContain('rk-elan: saved meanwhile, left as saved');
    expect(await storedKey('rk-elan')).toBe(lensNameKey('Elara Scleral', 'rk-elan'));
    expect(await storedKey('rk-angstrom')).toBe(lensNameKey('Ångström GP', 'rk-angstrom'));
  });
});
