import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tableName } from '../../lambdas/adapters/dynamo-client';
import { lensNameKey } from '../../lambdas/ports/lens-catalogue';
import { DEMO_LENS_DESIGNS, seedLensCatalogue } from '../../local/seed/lens-catalogue';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { customerRow, getRow, putRow, sdkDocumentClient, userRow } from '../support/dynamo-rows';
import { scleralParameters } from '../support/lens-fakes';

/**
 * The lens catalogue through the local gateway against DynamoDB Local: the seeded starter
 * catalogue, create/list/update with optimistic locking, listing by the byCatalogue index, and what a
 * customer may see (active designs only; prices only for their own account with pricingAllowed).
 */
const urls = inject('urls');
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  admin = caller(urls.api, await signIn(await createTestUser(['admin', 'superadmin'])));
});

const unique = () => randomUUID().slice(0, 8);
const design = (extra: Record<string, unknown> = {}) => ({
  name: `IT Scleral ${unique()}`,
  type: 'scleral',
  description: 'Integration test design',
  parameters: scleralParameters(),
  priceCents: 12345,
  warrantyDays: 90,
  active: true,
  ...extra,
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Row = Record<string, any>;
const names = (items: Row[]) => items.map((d) => d['name'] as string);

async function customerLinkedTo(accounts: { accountNumber: string; pricingAllowed: boolean }[]) {
  for (const a of accounts) {
    await putRow('customers', customerRow(a.accountNumber, { pricingAllowed: a.pricingAllowed }));
  }
  const user = await createTestUser(['customer']);
  const [main, ...more] = accounts.map((a) => a.accountNumber);
  await putRow('users', userRow(user, { accountNumber: main, accountNumbers: more }));
  return caller(urls.api, await signIn(user));
}

describe('the seeded starter catalog', () => {
  it('lists the fixed demo designs, the discontinued one only with includeInactive', async () => {
    const active = await admin('listLensDesigns', {});
    expect(active.status).toBe(200);
    const activeIds = (active.body.result.items as Row[]).map((d) => d['lensId']);
    const fixed = ['scleral-horizon', 'gp-precision', 'soft-custom-toric', 'orthok-nightshape', 'hybrid-clarity'];
    for (const id of [...fixed, 'ampleye', 'ampleye-xl']) expect(activeIds).toContain(id);
    expect(activeIds).not.toContain('soft-keratoconus-legacy');
    const all = await admin('listLensDesigns', { includeInactive: true });
    expect((all.body.result.items as Row[]).map((d) => d['lensId'])).toContain('soft-keratoconus-legacy');
  });

  it('seeding again never overwrites a super admin edit (conditional put)', async () => {
    const all = await admin('listLensDesigns', { includeInactive: true });
    const legacy = (all.body.result.items as Row[]).find((d) => d['lensId'] === 'soft-keratoconus-legacy')!;
    const { createdAt: _c, updatedAt: _u, ...editable } = legacy;
    const edited = await admin('updateLensDesign', { ...editable, description: 'Edited by the lab' });
    expect(edited.status).toBe(200);
    await seedLensCatalogue(sdkDocumentClient(), tableName('lenses'), new Date().toISOString());
    expect(await getRow('lenses', { lensId: 'soft-keratoconus-legacy' })).toMatchObject({
      description: 'Edited by the lab',
      version: edited.body.result.version,
    });
    expect(DEMO_LENS_DESIGNS.find((d) => d.lensId === 'soft-keratoconus-legacy')?.description).not.toBe(
      'Edited by the lab',
    );
  });
});

describe('createLensDesign, listLensDesigns, updateLensDesign', () => {
  it('creates a design under a server-made id, stores the index attributes, and lists it by name', async () => {
    const created = await admin('createLensDesign', design({ name: `Aaa IT ${unique()}` }));
    expect(created.status).toBe(200);
    const lensId = created.body.result.lensId as string;
    expect(lensId).toMatch(/^scl-[a-z2-9]{8}$/);
    expect(created.body.result).toMatchObject({ version: 0, priceCents: 12345, active: true });
    const row = await getRow('lenses', { lensId });
    expect(row).toMatchObject({ catalogue: 'lenses', nameKey: lensNameKey(created.body.result.name, lensId) });

    const listed = (await admin('listLensDesigns', {})).body.result.items as Row[];
    expect(listed.map((d) => d['lensId'])).toContain(lensId);
    const keys = listed.map((d) => lensNameKey(String(d['name']), String(d['lensId'])));
    expect(keys).toEqual([...keys].sort());
  });

  it('an edit counts the version up; an edit from a stale version is a 409 and changes nothing', async () => {
    const created = (await admin('createLensDesign', design())).body.result as Row;
    const { createdAt: _c, updatedAt: _u, ...editable } = created;
    const first = await admin('updateLensDesign', { ...editable, priceCents: 20000 });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ version: 1, priceCents: 20000 });

    const stale = await admin('updateLensDesign', { ...editable, priceCents: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe('This lens design changed since you opened it. Reload to see the latest.');
    expect(await getRow('lenses', { lensId: created['lensId'] })).toMatchObject({ version: 1, priceCents: 20000 });
  });

  it('deactivating hides the design from the default list; reactivating shows it again', async () => {
    const created = (await admin('createLensDesign', design())).body.result as Row;
    const { createdAt: _c, updatedAt: _u, ...editable } = created;
    const off = await admin('updateLensDesign', { ...editable, active: false });
    expect(off.status).toBe(200);
    expect(names((await admin('listLensDesigns', {})).body.result.items)).not.toContain(created['name']);
    const on = await admin('updateLensDesign', { ...editable, version: 1, active: true });
    expect(on.status).toBe(200);
    expect(names((await admin('listLensDesigns', {})).body.result.items)).toContain(created['name']);
  });

  it('an unknown design is a 404', async () => {
    const answer = await admin('updateLensDesign', { ...design(), lensId: 'scl-nothere1', version: 0 });
    expect(answer.status).toBe(404);
  });

  it('bad definitions are a 400 with field errors and store nothing', async () => {
    const before = (await admin('listLensDesigns', { includeInactive: true })).body.result.items.length;
    const name = `Broken ${unique()}`;
    const answer = await admin(
      'createLensDesign',
      design({
        name,
        parameters: [
          { kind: 'number', key: 'sphere', label: 'Sphere', unit: 'D', min: 5, max: -5, step: 0.25, required: true },
        ],
      }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.error.details.fieldErrors)).toContain('Min must not be more than max');
    const after = (await admin('listLensDesigns', { includeInactive: true })).body.result.items as Row[];
    expect(names(after)).not.toContain(name);
    expect(after.length).toBeGreaterThanOrEqual(before);
  });
});

describe('what a customer sees', () => {
  it('active designs only, even when asking for inactive ones', async () => {
    const retired = (await admin('createLensDesign', design({ active: false }))).body.result as Row;
    const customer = await customerLinkedTo([{ accountNumber: `IT-${unique().toUpperCase()}`, pricingAllowed: true }]);
    const answer = await customer('listLensDesigns', { includeInactive: true });
    expect(answer.status).toBe(200);
    const items = answer.body.result.items as Row[];
    expect(items.map((d) => d['lensId'])).not.toContain(retired['lensId']);
    expect(items.every((d) => d['active'] === true)).toBe(true);
  });

  it('spec 3 pricingAllowed: prices for their own account with pricing on, none otherwise', async () => {
    const priced = `IT-${unique().toUpperCase()}`;
    const unpriced = `IT-${unique().toUpperCase()}`;
    const other = `IT-${unique().toUpperCase()}`;
    await customerLinkedTo([{ accountNumber: other, pricingAllowed: true }]);
    const customer = await customerLinkedTo([
      { accountNumber: unpriced, pricingAllowed: false },
      { accountNumber: priced, pricingAllowed: true },
    ]);

    const withPrice = (await customer('listLensDesigns', { account: priced })).body.result.items as Row[];
    expect(withPrice.length).toBeGreaterThan(0);
    expect(withPrice.every((d) => typeof d['priceCents'] === 'number')).toBe(true);

    for (const input of [{}, { account: unpriced }, { account: other }]) {
      const items = (await customer('listLensDesigns', input)).body.result.items as Row[];
      expect(items.length).toBeGreaterThan(0);
      expect(
        items.some((d) => 'priceCents' in d),
        JSON.stringify(input),
      ).toBe(false);
    }
  });

  it('a customer cannot create or edit designs (403) and nothing is stored', async () => {
    const customer = await customerLinkedTo([{ accountNumber: `IT-${unique().toUpperCase()}`, pricingAllowed: true }]);
    const name = `Customer made ${unique()}`;
    expect((await customer('createLensDesign', design({ name }))).status).toBe(403);
    const horizon = await getRow('lenses', { lensId: 'scleral-horizon' });
    const { createdAt: _c, updatedAt: _u, catalogue: _k, nameKey: _n, ...editable } = horizon!;
    expect((await customer('updateLensDesign', { ...editable, priceCents: 1 })).status).toBe(403);
    expect((await getRow('lenses', { lensId: 'scleral-horizon' }))?.['version']).toBe(horizon!['version']);
    const all = (await admin('listLensDesigns', { includeInactive: true })).body.result.items as Row[];
    expect(names(all)).not.toContain(name);
  });

  it('a plain admin (not super admin) reads the catalog with prices but cannot change it', async () => {
    const plainAdmin = caller(urls.api, await signIn(await createTestUser(['admin'])));
    const items = (await plainAdmin('listLensDesigns', {})).body.result.items as Row[];
    expect(items.every((d) => typeof d['priceCents'] === 'number')).toBe(true);
    expect((await plainAdmin('createLensDesign', design())).status).toBe(403);
  });
});
