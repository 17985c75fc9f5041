import type { LensDesign, ParameterDefinition } from '../../core/schemas/lenses';
import { lensNameKey, type LensCatalogue, type LensDesignFields } from '../../lambdas/ports/lens-catalogue';
import { writeConflict } from '../../lambdas/ports/write-conflict';

/** A scleral design's parameters, one of each kind: a number with unit and bounds, and a list of options. */
export const scleralParameters = (): ParameterDefinition[] => [
  {
    kind: 'number',
    key: 'sagittalDepth',
    label: 'Sagittal depth',
    unit: 'um',
    min: 3000,
    max: 6500,
    step: 10,
    required: true,
  },
  {
    kind: 'option',
    key: 'material',
    label: 'Material',
    options: [{ value: 'xo2', label: 'Boston XO2 (Dk 141)' }],
    required: true,
  },
];

/** The lens catalogue in memory, with the adapter's conditions (id taken, stale version) and name order. */
export class InMemoryLensCatalogue implements LensCatalogue {
  readonly rows = new Map<string, LensDesign>();
  readonly listCalls: { includeInactive: boolean }[] = [];
  private clock = 0;

  private now() {
    return new Date(Date.UTC(2025, 0, 1) + ++this.clock * 1000).toISOString();
  }
  async get(lensId: string) {
    return this.rows.get(lensId) ?? null;
  }
  async list(query: { includeInactive: boolean }) {
    this.listCalls.push(query);
    return (
      [...this.rows.values()]
        .filter((d) => query.includeInactive || d.active)
        // The byCatalogue index sorts its keys by code point, not by locale: "éclat" comes after "zeta".
        .map((d) => ({ design: d, key: lensNameKey(d.name, d.lensId) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ design }) => design)
    );
  }
  async create(lensId: string, fields: LensDesignFields) {
    if (this.rows.has(lensId)) throw writeConflict('exists');
    const now = this.now();
    const design: LensDesign = { ...fields, lensId, version: 0, createdAt: now, updatedAt: now };
    this.rows.set(lensId, design);
    return design;
  }
  async update(lensId: string, fields: LensDesignFields, expectedVersion: number) {
    const row = this.rows.get(lensId);
    if (!row) throw writeConflict('missing');
    if (row.version !== expectedVersion) throw writeConflict('changed');
    const next: LensDesign = { ...row, ...fields, lensId, version: row.version + 1, updatedAt: this.now() };
    if (fields.description === undefined) delete next.description;
    this.rows.set(lensId, next);
    return next;
  }
}
