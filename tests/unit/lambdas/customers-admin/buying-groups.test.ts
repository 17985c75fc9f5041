import { describe, expect, it } from 'vitest';
import {
  buyingGroupChoices,
  createBuyingGroupInputSchema,
  foldBuyingGroupName,
  updateBuyingGroupInputSchema,
} from '../../../../core/schemas/buying-group';
import { createCustomerInputSchema, updateCustomerInputSchema } from '../../../../core/schemas/customer-admin';
import { createBuyingGroup, newBuyingGroupId, updateBuyingGroup } from '../../../../lambdas/use-cases/buying-groups';
import { createCustomer } from '../../../../lambdas/use-cases/create-customer';
import { updateCustomer } from '../../../../lambdas/use-cases/update-customer';
import { failureOf } from '../../../support/failure-of';
import { recordingTrail } from '../../../support/in-memory-audit';
import { InMemoryCustomers, InMemoryReferenceData } from '../../../support/in-memory-ports';

/** Buying groups (spec 7 GET customer/buyinggroups; shape and management decided in docs/decisions/0034-buying-groups.md). */

function world() {
  const referenceData = new InMemoryReferenceData([
    { buyingGroupId: 'vision-source', name: 'Vision Source' },
    { buyingGroupId: 'pecaa', name: 'PECAA' },
  ]);
  const { audit, changes } = recordingTrail();
  let next = 0;
  const deps = { referenceData, audit, newId: () => `bg-test${++next}` };
  return { referenceData, changes, deps };
}

const create = (name: string) => createBuyingGroupInputSchema.parse({ name });
const update = (input: Record<string, unknown>) => updateBuyingGroupInputSchema.parse(input);

describe('buying group fields', () => {
  it('a name is required, one line, at most 80 characters, with a letter or digit', () => {
    expect(createBuyingGroupInputSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe('Name is required');
    expect(createBuyingGroupInputSchema.safeParse({ name: 'x'.repeat(81) }).error?.issues[0]?.message).toBe(
      'Name is too long',
    );
    expect(createBuyingGroupInputSchema.safeParse({ name: 'A\nB' }).error?.issues[0]?.message).toBe(
      'Name must be one line of text',
    );
    expect(createBuyingGroupInputSchema.safeParse({ name: '--' }).error?.issues[0]?.message).toBe(
      'The name needs at least one letter or digit',
    );
    expect(create('  IDOC  ').name).toBe('IDOC');
  });

  it('an update names something to change', () => {
    expect(updateBuyingGroupInputSchema.safeParse({ buyingGroupId: 'pecaa', version: 0 }).success).toBe(false);
  });

  it('names are the same group when they match ignoring case, spaces and punctuation', () => {
    expect(foldBuyingGroupName('P.E.C.A.A.')).toBe(foldBuyingGroupName('pecaa'));
    expect(foldBuyingGroupName('Vision Source')).not.toBe(foldBuyingGroupName('Vision Sources'));
  });

  it('forms offer the active groups, and a deactivated one only to a record already in it', () => {
    const groups = [
      { buyingGroupId: 'a', name: 'A' },
      { buyingGroupId: 'b', name: 'B', active: false },
    ];
    expect(buyingGroupChoices(groups).map((g) => g.buyingGroupId)).toEqual(['a']);
    expect(buyingGroupChoices(groups, 'b').map((g) => g.buyingGroupId)).toEqual(['a', 'b']);
  });

  it('new ids are bg- and 8 characters that cannot be misread', () => {
    expect(newBuyingGroupId()).toMatch(/^bg-[a-hj-km-np-z2-9]{8}$/);
  });
});

describe('createBuyingGroup (super admins)', () => {
  it('adds an active group at version 0 under a new id, and records it in the audit trail', async () => {
    const { referenceData, changes, deps } = world();
    const created = await createBuyingGroup(create('IDOC'), deps);
    expect(created).toEqual({ buyingGroupId: 'bg-test1', name: 'IDOC', active: true, version: 0 });
    expect((await referenceData.listBuyingGroups()).map((g) => g.name)).toEqual(['IDOC', 'PECAA', 'Vision Source']);
    expect(changes).toEqual([
      expect.objectContaining({ action: 'buying-group.create', target: { type: 'buying-group', id: 'bg-test1' } }),
    ]);
  });

  it('a name another group has (ignoring case and punctuation) is a 409 naming that group', async () => {
    const { deps } = world();
    expect(await failureOf(createBuyingGroup(create('p.e.c.a.a'), deps))).toMatchObject({
      status: 'aborted',
      message: 'A buying group named "PECAA" already exists.',
    });
  });

  it('an id that is taken is drawn again', async () => {
    const { referenceData, deps } = world();
    const ids = ['pecaa', 'bg-free0001'];
    const created = await createBuyingGroup(create('IDOC'), { ...deps, newId: () => ids.shift() ?? 'x' });
    expect(created.buyingGroupId).toBe('bg-free0001');
    expect((await referenceData.listBuyingGroups()).find((g) => g.buyingGroupId === 'pecaa')?.name).toBe('PECAA');
  });
});

describe('updateBuyingGroup (super admins)', () => {
  it('renames a group and keeps its id, so practices stay in it', async () => {
    const { changes, deps } = world();
    const renamed = await updateBuyingGroup(update({ buyingGroupId: 'pecaa', version: 0, name: 'PECAA Inc.' }), deps);
    expect(renamed).toMatchObject({ buyingGroupId: 'pecaa', name: 'PECAA Inc.', version: 1 });
    expect(changes[0]).toMatchObject({ action: 'buying-group.update', target: { type: 'buying-group', id: 'pecaa' } });
  });

  it('deactivates and reactivates a group', async () => {
    const { deps } = world();
    const off = await updateBuyingGroup(update({ buyingGroupId: 'pecaa', version: 0, active: false }), deps);
    expect(off).toMatchObject({ active: false, version: 1 });
    const on = await updateBuyingGroup(update({ buyingGroupId: 'pecaa', version: 1, active: true }), deps);
    expect(on).toMatchObject({ active: true, version: 2 });
  });

  it('a rename to another group’s name is a 409', async () => {
    const { deps } = world();
    expect(
      await failureOf(updateBuyingGroup(update({ buyingGroupId: 'pecaa', version: 0, name: 'vision source' }), deps)),
    ).toMatchObject({ status: 'aborted', message: 'A buying group named "Vision Source" already exists.' });
  });

  it('a group changed since it was read is a 409 and nothing is written', async () => {
    const { referenceData, deps } = world();
    await updateBuyingGroup(update({ buyingGroupId: 'pecaa', version: 0, name: 'First' }), deps);
    expect(
      await failureOf(updateBuyingGroup(update({ buyingGroupId: 'pecaa', version: 0, name: 'Second' }), deps)),
    ).toMatchObject({
      status: 'aborted',
      message: 'This buying group changed since you opened it. Reload to see the latest.',
    });
    expect((await referenceData.listBuyingGroups()).find((g) => g.buyingGroupId === 'pecaa')?.name).toBe('First');
  });

  it('an unknown group is not-found', async () => {
    const { deps } = world();
    expect(
      await failureOf(updateBuyingGroup(update({ buyingGroupId: 'nope', version: 0, active: false }), deps)),
    ).toMatchObject({ status: 'not-found', message: 'Buying group not found' });
  });
});

describe('a deactivated buying group is no longer offered', () => {
  const address = { address: '1 Lens Way', city: 'Austin', state: 'TX', zip: '78701' };

  async function withPecaaDeactivated() {
    const { referenceData, deps } = world();
    const customers = new InMemoryCustomers();
    await createCustomer(
      createCustomerInputSchema.parse({
        accountNumber: 'BV-1',
        company: 'In PECAA',
        phone: '512 555 0100',
        shippingAddress: address,
        buyingGroupId: 'pecaa',
      }),
      { customers, referenceData },
    );
    await updateBuyingGroup(update({ buyingGroupId: 'pecaa', version: 0, active: false }), deps);
    return { referenceData, customers };
  }

  it('a new practice cannot be put in it', async () => {
    const { referenceData, customers } = await withPecaaDeactivated();
    const input = createCustomerInputSchema.parse({
      accountNumber: 'BV-2',
      company: 'New',
      phone: '512 555 0100',
      shippingAddress: address,
      buyingGroupId: 'pecaa',
    });
    expect(await failureOf(createCustomer(input, { customers, referenceData }))).toMatchObject({
      status: 'invalid-argument',
      details: { fieldErrors: { buyingGroupId: ['Choose a buying group from the list'] } },
    });
  });

  it('a practice already in it keeps it when edited, but another practice cannot move into it', async () => {
    const { referenceData, customers } = await withPecaaDeactivated();
    const kept = await updateCustomer(
      updateCustomerInputSchema.parse({
        accountNumber: 'BV-1',
        version: 0,
        buyingGroupId: 'pecaa',
        company: 'Renamed',
      }),
      { customers, referenceData },
    );
    expect(kept).toMatchObject({ company: 'Renamed', buyingGroupId: 'pecaa' });
    await createCustomer(
      createCustomerInputSchema.parse({
        accountNumber: 'BV-3',
        company: 'Elsewhere',
        phone: '512 555 0100',
        shippingAddress: address,
      }),
      { customers, referenceData },
    );
    const moving = updateCustomerInputSchema.parse({ accountNumber: 'BV-3', version: 0, buyingGroupId: 'pecaa' });
    expect(await failureOf(updateCustomer(moving, { customers, referenceData }))).toMatchObject({
      status: 'invalid-argument',
    });
  });
});
