import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WARRANTY_POLICY, type LensDesign } from '../../../core/schemas/lenses';
import type { LensCatalogue, LensDesignFields } from '../../../lambdas/ports/lens-catalogue';
import { type WriteConflict } from '../../../lambdas/ports/write-conflict';
import { WriteRefused } from '../../../lambdas/kernel/write-refused';
import { refusalOf } from './contract-helpers';

/** The fields Lens Management edits, for a design named `name`. */
export function lensFields(overrides: Partial<LensDesignFields> = {}): LensDesignFields {
  return {
    name: 'Contract Scleral',
    type: 'scleral',
    description: 'For the contract',
    priceCents: 40_000,
    warrantyDays: 90,
    warranty: DEFAULT_WARRANTY_POLICY,
    active: true,
    parameters: [
      { kind: 'number', key: 'sphere', label: 'Sphere', unit: 'D', min: -20, max: 20, step: 0.25, required: true },
    ],
    ...overrides,
  };
}

const lensId = () => `contract-${randomUUID().slice(0, 8)}`;

const conflictKind = async (promise: Promise<unknown>) => {
  const refused = await refusalOf(promise);
  expect(refused).toBeInstanceOf(WriteRefused);
  return (refused as WriteConflict).reason;
};

/**
 * The LensCatalogue rules the in-memory fake (tests/support/lens-fakes.ts) and the DynamoDB adapter both keep:
 * run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * The catalogue is one shared partition, so lists are compared on the designs each test made.
 */
export function lensCatalogueContract(label: string, make: () => LensCatalogue) {
  describe(`${label}: the lens catalog contract`, () => {
    it('create stores the design at version 0 and get answers it; an unknown id reads as null', async () => {
      const lenses = make();
      const id = lensId();
      const created = await lenses.create(id, lensFields());
      expect(created).toMatchObject({ ...lensFields(), lensId: id, version: 0 });
      expect(created.updatedAt).toBe(created.createdAt);
      expect(await lenses.get(id)).toEqual(created);
      expect(await lenses.get(lensId())).toBeNull();
    });

    it("create refuses a taken id ('exists') and leaves the design as it was", async () => {
      const lenses = make();
      const id = lensId();
      const created = await lenses.create(id, lensFields());
      expect(await conflictKind(lenses.create(id, lensFields({ name: 'Other' })))).toBe('exists');
      expect(await lenses.get(id)).toEqual(created);
    });

    it('update replaces the fields at the expected version, counts it up, and drops a description left out', async () => {
      const lenses = make();
      const id = lensId();
      const created = await lenses.create(id, lensFields());
      const { description: _dropped, ...withoutDescription } = lensFields({ name: 'Renamed', active: false });
      const updated = await lenses.update(id, withoutDescription, 0);
      expect(updated).toMatchObject({ ...withoutDescription, lensId: id, version: 1, createdAt: created.createdAt });
      expect(updated).not.toHaveProperty('description');
      expect(updated.updatedAt >= created.updatedAt).toBe(true);
      expect(await lenses.get(id)).toEqual(updated);
    });

    it("update refuses a stale version ('changed') and an unknown id ('missing'), writing nothing", async () => {
      const lenses = make();
      const id = lensId();
      const created = await lenses.create(id, lensFields());
      expect(await conflictKind(lenses.update(id, lensFields({ name: 'Late' }), 4))).toBe('changed');
      expect(await conflictKind(lenses.update(lensId(), lensFields(), 0))).toBe('missing');
      expect(await lenses.get(id)).toEqual(created);
    });

    it('list is in name order ignoring case and accents (Éclat among the E names), inactive designs only when asked', async () => {
      const lenses = make();
      const tag = `zq${randomUUID().slice(0, 6)}`;
      const names = [`${tag} Éclat`, `${tag} beta`, `${tag} ALPHA`, `${tag} Zeta`, `${tag} gamma`];
      const made: LensDesign[] = [];
      for (const [i, name] of names.entries())
        made.push(await lenses.create(lensId(), lensFields({ name, active: i !== 4 })));
      const ids = new Set(made.map((d) => d.lensId));
      const listed = async (includeInactive: boolean) =>
        (await lenses.list({ includeInactive })).filter((d) => ids.has(d.lensId)).map((d) => d.name);
      expect(await listed(true)).toEqual([names[2], names[1], names[0], names[4], names[3]]);
      expect(await listed(false)).toEqual([names[2], names[1], names[0], names[3]]);
    });
  });
}
