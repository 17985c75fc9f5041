import { CHANGED_MESSAGES } from '../../../../core/messages';
import { describe, expect, it } from 'vitest';
import {
  createLensDesignInputSchema,
  listLensDesignsInputSchema,
  updateLensDesignInputSchema,
  type CreateLensDesignInput,
} from '../../../../core/schemas/lenses';
import {
  createLensDesign,
  listLensDesigns,
  newLensId,
  updateLensDesign,
} from '../../../../lambdas/use-cases/lenses/lens-designs';
import { DEMO_CUSTOMERS } from '../../../../local/seed/demo-data';
import { failureOf } from '../../../support/failure-of';
import { identity } from '../../../support/identities';
import { InMemoryCustomers, InMemoryUsers } from '../../../support/in-memory-ports';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';

const fields = (extra: Partial<CreateLensDesignInput> = {}) =>
  createLensDesignInputSchema.parse({
    name: 'Horizon Scleral',
    type: 'scleral',
    description: 'For irregular corneas',
    parameters: [
      { kind: 'number', key: 'sphere', label: 'Sphere', unit: 'D', min: -20, max: 20, step: 0.25, required: true },
    ],
    priceCents: 39500,
    warrantyDays: 120,
    active: true,
    ...extra,
  });

const superAdmin = identity(['admin', 'superadmin']);
const admin = identity(['admin']);
const customer = identity(['customer'], { userId: 'cust-1' });

async function world() {
  const lenses = new InMemoryLensCatalogue();
  const users = new InMemoryUsers();
  const customers = new InMemoryCustomers();
  for (const c of DEMO_CUSTOMERS) customers.rows.set(c.accountNumber, { ...c, version: 0 });
  users.rows.set('cust-1', {
    userId: 'cust-1',
    email: 'fitter@brightview.test',
    accountNumber: 'BV-1001',
    accountNumbers: ['BV-1003'],
    version: 0,
  } as never);
  let n = 0;
  const newId = () => `id-${++n}`;
  await createLensDesign(fields({ name: 'Zeta Active' }), { lenses, newId });
  await createLensDesign(fields({ name: 'alpha active' }), { lenses, newId });
  await createLensDesign(fields({ name: 'Beta Retired', active: false }), { lenses, newId });
  return { lenses, deps: { lenses, users, customers } };
}

const list = (input: unknown) => listLensDesignsInputSchema.parse(input);

describe('listLensDesigns', () => {
  it('admins see every design with prices when they ask for inactive ones too, in name order', async () => {
    const { deps } = await world();
    const { items } = await listLensDesigns(admin, list({ includeInactive: true }), deps);
    expect(items.map((d) => d.name)).toEqual(['alpha active', 'Beta Retired', 'Zeta Active']);
    expect(items.every((d) => d.priceCents === 39500)).toBe(true);
  });

  it('admins see active designs only by default', async () => {
    const { deps } = await world();
    const { items } = await listLensDesigns(superAdmin, list(undefined), deps);
    expect(items.map((d) => d.name)).toEqual(['alpha active', 'Zeta Active']);
  });

  it('customers never see inactive designs, even when they ask for them', async () => {
    const { deps, lenses } = await world();
    const { items } = await listLensDesigns(customer, list({ includeInactive: true }), deps);
    expect(items.map((d) => d.name)).toEqual(['alpha active', 'Zeta Active']);
    expect(lenses.listCalls.at(-1)).toEqual({ includeInactive: false });
  });

  it('spec 3 pricingAllowed: a customer sees prices for their own account whose practice allows pricing', async () => {
    const { deps } = await world();
    const { items } = await listLensDesigns(customer, list({ account: 'BV-1001' }), deps);
    expect(items.map((d) => d.priceCents)).toEqual([39500, 39500]);
  });

  it('the account is matched whatever its case', async () => {
    const { deps } = await world();
    const { items } = await listLensDesigns(customer, list({ account: 'bv-1001' }), deps);
    expect(items[0]?.priceCents).toBe(39500);
  });

  it('no price without an account, for an own account with pricing off, or for another practice', async () => {
    const { deps } = await world();
    for (const account of [undefined, 'BV-1003', 'HV-2001', 'NOPE-1']) {
      const { items } = await listLensDesigns(customer, list(account ? { account } : {}), deps);
      expect(items.length, String(account)).toBe(2);
      expect(
        items.every((d) => !('priceCents' in d)),
        String(account),
      ).toBe(true);
    }
  });

  it('a customer without a users record sees designs without prices', async () => {
    const { deps } = await world();
    const stranger = identity(['customer'], { userId: 'nobody' });
    const { items } = await listLensDesigns(stranger, list({ account: 'BV-1001' }), deps);
    expect(items.every((d) => d.priceCents === undefined)).toBe(true);
  });
});

describe('createLensDesign', () => {
  it('stores the design at version 0 under a server-made id', async () => {
    const lenses = new InMemoryLensCatalogue();
    const created = await createLensDesign(fields(), { lenses });
    expect(created).toMatchObject({ name: 'Horizon Scleral', version: 0, active: true });
    expect(created.lensId).toMatch(/^scl-[a-z2-9]{8}$/);
    expect(await lenses.get(created.lensId)).toEqual(created);
  });

  it('an id clash is retried with a new id, and the existing design is untouched', async () => {
    const lenses = new InMemoryLensCatalogue();
    const ids = ['taken', 'taken', 'fresh'];
    await createLensDesign(fields({ name: 'First' }), { lenses, newId: () => 'taken' });
    const created = await createLensDesign(fields({ name: 'Second' }), { lenses, newId: () => ids.shift()! });
    expect(created.lensId).toBe('fresh');
    expect((await lenses.get('taken'))?.name).toBe('First');
  });

  it('an empty description is not stored', async () => {
    const lenses = new InMemoryLensCatalogue();
    const created = await createLensDesign(fields({ description: '' }), { lenses });
    expect('description' in created && created.description !== undefined).toBe(false);
  });

  it('ids carry the type prefix and only unambiguous characters', () => {
    expect(newLensId('corneal-gp', () => new Uint8Array(8))).toBe('gp-aaaaaaaa');
    expect(newLensId('ortho-k')).toMatch(/^ok-[abcdefghjkmnpqrstuvwxyz2-9]{8}$/);
    expect(newLensId('hybrid')).toMatch(/^hyb-/);
    expect(newLensId('custom-soft')).toMatch(/^soft-/);
  });
});

describe('updateLensDesign', () => {
  const update = (lensId: string, version: number, extra: Partial<CreateLensDesignInput> = {}) =>
    updateLensDesignInputSchema.parse({ lensId, version, ...fields(extra) });

  it('replaces the fields and counts the version up; deactivating is active: false', async () => {
    const lenses = new InMemoryLensCatalogue();
    const created = await createLensDesign(fields(), { lenses, newId: () => 'scl-1' });
    const updated = await updateLensDesign(update('scl-1', 0, { active: false, priceCents: 41000 }), { lenses });
    expect(updated).toMatchObject({ lensId: 'scl-1', version: 1, active: false, priceCents: 41000 });
    expect(updated.createdAt).toBe(created.createdAt);
  });

  it('a stale version is a 409 with the reload message, and nothing is written', async () => {
    const lenses = new InMemoryLensCatalogue();
    await createLensDesign(fields(), { lenses, newId: () => 'scl-1' });
    await updateLensDesign(update('scl-1', 0, { name: 'Edited first' }), { lenses });
    const error = await failureOf(updateLensDesign(update('scl-1', 0, { name: 'Edited second' }), { lenses }));
    expect(error).toMatchObject({ status: 'aborted', message: CHANGED_MESSAGES.lensDesign });
    expect(CHANGED_MESSAGES.lensDesign).toBe('This lens design changed since you opened it. Reload to see the latest.');
    expect((await lenses.get('scl-1'))?.name).toBe('Edited first');
  });

  it('an unknown design is a 404', async () => {
    const lenses = new InMemoryLensCatalogue();
    expect(await failureOf(updateLensDesign(update('nope', 0), { lenses }))).toMatchObject({
      status: 'not-found',
      message: 'Lens design not found',
    });
  });

  it('clearing the description removes it', async () => {
    const lenses = new InMemoryLensCatalogue();
    await createLensDesign(fields(), { lenses, newId: () => 'scl-1' });
    const updated = await updateLensDesign(update('scl-1', 0, { description: '' }), { lenses });
    expect(updated.description).toBeUndefined();
  });
});
