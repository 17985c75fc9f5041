import { describe, expect, it } from 'vitest';
import { lensNameKey } from '../../../../lambdas/ports/lens-catalogue';

/** The byCatalogue sort key (lambdas/ports/lens-catalogue.ts): DynamoDB orders it by code point. */
const byKey = (names: string[]) =>
  names
    .map((name, i) => ({ name, key: lensNameKey(name, `lens-${i}`) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.name);

describe('lensNameKey', () => {
  it('sorts a name starting with an accented letter among its plain letter: "Élan" between "Alpha" and "Zeta"', () => {
    expect(byKey(['Zeta', 'Élan', 'Alpha'])).toEqual(['Alpha', 'Élan', 'Zeta']);
    expect(byKey(['Epsilon', 'Élan', 'Echo'])).toEqual(['Echo', 'Élan', 'Epsilon']);
  });

  it('ignores case, accents and runs of spaces, and keeps equal names apart by the id', () => {
    expect(lensNameKey('  Élan   Toric ', 'elan-1')).toBe('elan toric#elan-1');
    expect(lensNameKey('ELAN toric', 'elan-2')).toBe('elan toric#elan-2');
  });
});
