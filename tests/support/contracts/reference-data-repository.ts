import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReferenceDataRepository } from '../../../lambdas/ports/reference-data-repository';
import { type WriteConflict } from '../../../lambdas/ports/write-conflict';
import { WriteRefused } from '../../../lambdas/kernel/write-refused';
import { refusalOf } from './contract-helpers';

/** A buying group id and name unique to the run (the table is shared with the seed and other files). */
const newGroup = (name = 'Contract Group') => {
  const buyingGroupId = `contract-${randomUUID()}`;
  return { buyingGroupId, name: `${name} ${buyingGroupId.slice(9, 17)}` };
};

async function conflictKind(promise: Promise<unknown>) {
  const refused = await refusalOf(promise);
  expect(refused).toBeInstanceOf(WriteRefused);
  return (refused as WriteConflict).reason;
}

/**
 * The ReferenceDataRepository rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB
 * adapter both keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and
 * tests/integration/port-contracts.test.ts.
 */
export function referenceDataRepositoryContract(label: string, make: () => ReferenceDataRepository) {
  describe(`${label}: the reference data repository contract`, () => {
    it('a created group is active at version 0 and listed', async () => {
      const reference = make();
      const group = newGroup();
      expect(await reference.createBuyingGroup(group)).toEqual({ ...group, active: true, version: 0 });
      const listed = (await reference.listBuyingGroups()).find((g) => g.buyingGroupId === group.buyingGroupId);
      expect(listed).toEqual({ ...group, active: true, version: 0 });
    });

    it("create refuses a taken id ('exists') and leaves the group as it was", async () => {
      const reference = make();
      const group = newGroup();
      await reference.createBuyingGroup(group);
      expect(await conflictKind(reference.createBuyingGroup({ ...group, name: 'Other' }))).toBe('exists');
      const listed = (await reference.listBuyingGroups()).filter((g) => g.buyingGroupId === group.buyingGroupId);
      expect(listed.map((g) => g.name)).toEqual([group.name]);
    });

    it('the list is in name order and keeps deactivated groups', async () => {
      const reference = make();
      const [late, early] = [newGroup('Zz Contract'), newGroup('Aa Contract')];
      await reference.createBuyingGroup(late);
      await reference.createBuyingGroup(early);
      await reference.updateBuyingGroup(late.buyingGroupId, { active: false }, 0);
      const listed = await reference.listBuyingGroups();
      const names = listed.map((g) => g.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(names.indexOf(early.name)).toBeLessThan(names.indexOf(late.name));
      expect(listed.find((g) => g.buyingGroupId === late.buyingGroupId)).toMatchObject({ active: false });
    });

    it('an update at the expected version changes only the fields given and counts the version up', async () => {
      const reference = make();
      const group = newGroup();
      await reference.createBuyingGroup(group);
      const renamed = await reference.updateBuyingGroup(group.buyingGroupId, { name: `${group.name} renamed` }, 0);
      expect(renamed).toMatchObject({ ...group, name: `${group.name} renamed`, active: true, version: 1 });
      const deactivated = await reference.updateBuyingGroup(group.buyingGroupId, { active: false, name: undefined }, 1);
      expect(deactivated).toMatchObject({ name: `${group.name} renamed`, active: false, version: 2 });
      const listed = (await reference.listBuyingGroups()).find((g) => g.buyingGroupId === group.buyingGroupId);
      expect(listed).toEqual({ ...group, name: `${group.name} renamed`, active: false, version: 2 });
    });

    it("an update on a stale version is refused ('changed'), on an unknown id ('missing'), and writes nothing", async () => {
      const reference = make();
      const group = newGroup();
      await reference.createBuyingGroup(group);
      expect(await conflictKind(reference.updateBuyingGroup(group.buyingGroupId, { active: false }, 3))).toBe(
        'changed',
      );
      expect(await conflictKind(reference.updateBuyingGroup(newGroup().buyingGroupId, { active: false }, 0))).toBe(
        'missing',
      );
      const listed = (await reference.listBuyingGroups()).find((g) => g.buyingGroupId === group.buyingGroupId);
      expect(listed).toEqual({ ...group, active: true, version: 0 });
    });
  });
}
