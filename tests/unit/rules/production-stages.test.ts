import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkStageList,
  DEFAULT_PRODUCTION_STAGES,
  entryStageOf,
  FIXED_STAGE_IDS,
  nextWorkStage,
  STAGE_ID_PATTERN,
  stageFitsStatus,
  stageIdFromLabel,
  stageIdsForStatus,
  stageIndex,
  stageLabel,
  tidyStageList,
  workStages,
} from '../../../core/rules/production-stages';
import { ORDER_STATUSES } from '../../../core/rules/order-lifecycle';
import { productionStageListSchema, type ProductionStage } from '../../../core/schemas/production-stages';

/**
 * Production stages: the lab names and orders its work stages between three fixed ones. `approved` opens the
 * list and `shipped`, `delivered` close it, because an order's status hangs on them: an approved order ("In
 * production") stands at approved or a work stage, a closed one ("Shipped") at shipped or delivered.
 */

const DEFAULTS = DEFAULT_PRODUCTION_STAGES;
const stage = (id: string, label = id) => ({ id, label });
const ids = (list: readonly ProductionStage[]) => list.map((s) => s.id);
/** The default list with these work stages in place of its own. */
const withWork = (...work: ProductionStage[]) => [DEFAULTS[0]!, ...work, ...DEFAULTS.slice(-2)];

describe('the default stages', () => {
  it('run approved, five work stages, then shipped and delivered', () => {
    expect(DEFAULTS).toEqual([
      { id: 'approved', label: 'Approved' },
      { id: 'lathing', label: 'Lathing' },
      { id: 'polishing', label: 'Polishing' },
      { id: 'surface-treatment', label: 'Surface treatment' },
      { id: 'quality-check', label: 'Quality check' },
      { id: 'packed', label: 'Packed' },
      { id: 'shipped', label: 'Shipped' },
      { id: 'delivered', label: 'Delivered' },
    ]);
    expect(ids(workStages(DEFAULTS))).toEqual(['lathing', 'polishing', 'surface-treatment', 'quality-check', 'packed']);
    expect(checkStageList(DEFAULTS)).toEqual([]);
    expect(productionStageListSchema.parse(DEFAULTS)).toEqual(DEFAULTS);
  });

  it('the fixed stages are approved, shipped and delivered', () => {
    expect(FIXED_STAGE_IDS).toEqual(['approved', 'shipped', 'delivered']);
  });
});

describe('moving an order through the stages', () => {
  it('the next stage from approved is the first work stage, then each work stage the one after it', () => {
    expect(nextWorkStage(DEFAULTS, 'approved')?.id).toBe('lathing');
    expect(nextWorkStage(DEFAULTS, 'lathing')?.id).toBe('polishing');
    expect(nextWorkStage(DEFAULTS, 'quality-check')?.id).toBe('packed');
  });

  it('after the last work stage there is no next stage: shipping is its own action', () => {
    expect(nextWorkStage(DEFAULTS, 'packed')).toBeNull();
    expect(nextWorkStage(DEFAULTS, 'shipped')).toBeNull();
    expect(nextWorkStage(DEFAULTS, 'delivered')).toBeNull();
  });

  it('a lab with no work stages goes from approved straight to shipping', () => {
    const bare = withWork();
    expect(checkStageList(bare)).toEqual([]);
    expect(nextWorkStage(bare, 'approved')).toBeNull();
  });

  it('an order at a stage the lab has since removed has no next stage: the lab picks one', () => {
    expect(nextWorkStage(withWork(stage('lathing', 'Lathing')), 'polishing')).toBeNull();
  });

  it('follows the order the lab gave its work stages', () => {
    const list = withWork(stage('polishing', 'Polishing'), stage('lathing', 'Lathing'));
    expect(nextWorkStage(list, 'approved')?.id).toBe('polishing');
    expect(nextWorkStage(list, 'polishing')?.id).toBe('lathing');
    expect(stageIndex(list, 'lathing')).toBe(2);
    expect(stageIndex(list, 'engraving')).toBe(-1);
  });

  it('an approved order stands at approved or a work stage, a closed order at shipped or delivered', () => {
    expect(stageIdsForStatus(DEFAULTS, 'approved')).toEqual(['approved', ...ids(workStages(DEFAULTS))]);
    expect(stageIdsForStatus(DEFAULTS, 'closed')).toEqual(['shipped', 'delivered']);
    for (const status of ORDER_STATUSES.filter((s) => s !== 'approved' && s !== 'closed')) {
      expect(stageIdsForStatus(DEFAULTS, status)).toEqual([]);
      expect(entryStageOf(status)).toBeNull();
    }
    expect(stageFitsStatus(DEFAULTS, 'approved', 'polishing')).toBe(true);
    expect(stageFitsStatus(DEFAULTS, 'approved', 'shipped')).toBe(false);
    expect(stageFitsStatus(DEFAULTS, 'closed', 'polishing')).toBe(false);
    expect(stageFitsStatus(DEFAULTS, 'closed', 'delivered')).toBe(true);
  });

  it('approval puts an order at approved and closing at shipped', () => {
    expect(entryStageOf('approved')).toBe('approved');
    expect(entryStageOf('closed')).toBe('shipped');
  });
});

describe('stage labels', () => {
  it("a stage reads as the lab's label for it, renamed fixed stages included", () => {
    const list = [stage('approved', 'Accepted'), stage('hand-finishing', 'Hand finish'), ...DEFAULTS.slice(-2)];
    expect(stageLabel(list, 'approved')).toBe('Accepted');
    expect(stageLabel(list, 'hand-finishing')).toBe('Hand finish');
  });

  it('a stage the lab has removed still reads as a name: its default label, else its id in words', () => {
    const list = withWork(stage('lathing', 'Lathing'));
    expect(stageLabel(list, 'polishing')).toBe('Polishing');
    expect(stageLabel(list, 'surface-treatment')).toBe('Surface treatment');
    expect(stageLabel(list, 'hand-finishing')).toBe('Hand finishing');
    expect(stageLabel(list, 'qa-2')).toBe('Qa 2');
  });
});

describe('checking a stage list', () => {
  it('the fixed stages may be renamed', () => {
    const renamed = DEFAULTS.map((s) => (s.id === 'delivered' ? { ...s, label: 'Received by practice' } : s));
    expect(checkStageList(renamed)).toEqual([]);
  });

  it('a fixed stage cannot be removed', () => {
    expect(checkStageList(DEFAULTS.filter((s) => s.id !== 'approved'))).toContain(
      'The stage "Approved" cannot be removed.',
    );
    expect(checkStageList(DEFAULTS.filter((s) => s.id !== 'delivered'))).toEqual([
      'The stage "Delivered" cannot be removed.',
    ]);
  });

  it('approved stays first, and shipped then delivered stay last', () => {
    const [approved, lathing, ...rest] = DEFAULTS;
    expect(checkStageList([lathing!, approved!, ...rest])).toEqual(['"Approved" must be the first stage.']);
    const swapped = [...DEFAULTS.slice(0, -2), DEFAULTS[7]!, DEFAULTS[6]!];
    expect(checkStageList(swapped)).toEqual(['"Shipped" and "Delivered" must be the last two stages, in that order.']);
    const workAfterShipping = [...DEFAULTS.slice(0, -2), DEFAULTS[6]!, stage('engraving', 'Engraving'), DEFAULTS[7]!];
    expect(checkStageList(workAfterShipping)).toEqual([
      '"Shipped" and "Delivered" must be the last two stages, in that order.',
    ]);
  });

  it('the messages name fixed stages by the labels the lab gave them', () => {
    const list = [stage('lathing', 'Lathing'), stage('approved', 'Accepted'), ...DEFAULTS.slice(-2)];
    expect(checkStageList(list)).toEqual(['"Accepted" must be the first stage.']);
  });

  it('ids and labels are unique, case aside', () => {
    expect(checkStageList(withWork(stage('lathing', 'Lathing'), stage('lathing', 'Lathing again')))).toEqual([
      'Two stages have the id "lathing".',
    ]);
    expect(checkStageList(withWork(stage('lathing', 'Lathing'), stage('lathe', 'LATHING ')))).toEqual([
      'Two stages are called "LATHING".',
    ]);
  });

  it('an id is a kebab-case slug of at most 40 characters', () => {
    for (const id of ['Lathing', 'surface treatment', 'a--b', '-a', 'a-', 'ünder', '', 'a'.repeat(41)]) {
      expect(checkStageList(withWork(stage(id, 'Some stage')))[0]).toMatch(/is not a stage id/);
    }
    for (const id of ['a', 'qa-2', '2nd-polish', 'a'.repeat(40)]) {
      expect(checkStageList(withWork(stage(id, 'Some stage')))).toEqual([]);
    }
  });

  it('a label is 1 to 40 characters once trimmed', () => {
    expect(checkStageList(withWork(stage('lathing', '   ')))).toEqual(['The stage "lathing" needs a name.']);
    expect(checkStageList(withWork(stage('lathing', 'L'.repeat(41))))).toEqual([
      `The stage name "${'L'.repeat(41)}" is longer than 40 characters.`,
    ]);
    expect(checkStageList(withWork(stage('lathing', ` ${'L'.repeat(40)} `)))).toEqual([]);
  });

  it('there are at most 12 work stages', () => {
    const work = (n: number) => Array.from({ length: n }, (_, i) => stage(`step-${i + 1}`, `Step ${i + 1}`));
    expect(checkStageList(withWork(...work(12)))).toEqual([]);
    expect(checkStageList(withWork(...work(13)))).toEqual(['At most 12 work stages: remove 1.']);
  });

  it('the list schema refuses what the check refuses, with the same messages', () => {
    const list = withWork(stage('lathing', 'Lathing'), stage('lathing', 'Lathing 2'));
    const result = productionStageListSchema.safeParse(list);
    expect(result.error?.issues.map((i) => i.message)).toEqual(checkStageList(list));
  });

  it('the list schema trims labels and refuses a label that is not one line of text', () => {
    const parsed = productionStageListSchema.parse(withWork(stage('lathing', '  Lathing  ')));
    expect(parsed[1]).toEqual({ id: 'lathing', label: 'Lathing' });
    expect(productionStageListSchema.safeParse(withWork(stage('lathing', 'Lath\ning'))).success).toBe(false);
    expect(
      productionStageListSchema.safeParse(withWork({ id: 'lathing', label: 'Lathing', extra: 1 } as never)).success,
    ).toBe(false);
  });
});

describe('tidying what the editor sends', () => {
  it('trims labels and derives a missing id from the label', () => {
    const tidy = tidyStageList([
      { id: 'approved', label: ' Approved ' },
      { label: '  Hand finish ' },
      { label: 'Surface Treatment #2' },
      { id: 'shipped', label: 'Shipped' },
      { id: 'delivered', label: 'Delivered' },
    ]);
    expect(tidy).toEqual([
      { id: 'approved', label: 'Approved' },
      { id: 'hand-finish', label: 'Hand finish' },
      { id: 'surface-treatment-2', label: 'Surface Treatment #2' },
      { id: 'shipped', label: 'Shipped' },
      { id: 'delivered', label: 'Delivered' },
    ]);
    expect(checkStageList(tidy)).toEqual([]);
  });

  it('puts the fixed stages back in their places, with their labels, and restores any left out', () => {
    const tidy = tidyStageList([
      { id: 'lathing', label: 'Lathing' },
      { id: 'delivered', label: 'At the practice' },
      { id: 'approved', label: 'Accepted' },
      { id: 'polishing', label: 'Polishing' },
    ]);
    expect(tidy).toEqual([
      { id: 'approved', label: 'Accepted' },
      { id: 'lathing', label: 'Lathing' },
      { id: 'polishing', label: 'Polishing' },
      { id: 'shipped', label: 'Shipped' },
      { id: 'delivered', label: 'At the practice' },
    ]);
  });

  it('a derived id never repeats another id, nor takes a fixed stage id', () => {
    const tidy = tidyStageList([
      { id: 'polish', label: 'Polish' },
      { label: 'Polish' },
      { label: 'polish!' },
      { label: 'Shipped' },
    ]);
    expect(ids(tidy)).toEqual(['approved', 'polish', 'polish-2', 'polish-3', 'shipped-2', 'shipped', 'delivered']);
  });

  it('a label without letters or digits gets the id "stage"; accents are dropped; long ids are cut at 40', () => {
    expect(stageIdFromLabel('Électro-polish')).toBe('electro-polish');
    expect(stageIdFromLabel('!!!')).toBe('');
    expect(ids(tidyStageList([{ label: '!!!' }]))).toContain('stage');
    const long = stageIdFromLabel(`${'Polish '.repeat(10)}`);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(STAGE_ID_PATTERN);
  });

  it('any work stages the lab can name (up to 12, unique names) tidy into a list the check accepts', () => {
    const label = fc
      .string({ minLength: 1, maxLength: 40 })
      .map((s) => s.trim())
      .filter((s) => s.length > 0 && /[A-Za-z0-9]/.test(s));
    const reserved = new Set(
      DEFAULTS.filter((s) => FIXED_STAGE_IDS.includes(s.id as never)).map((s) => s.label.toLowerCase()),
    );
    fc.assert(
      fc.property(
        fc
          .uniqueArray(label, { maxLength: 12, selector: (s) => s.toLowerCase() })
          .filter((labels) => labels.every((l) => !reserved.has(l.toLowerCase()))),
        (labels) => {
          const tidy = tidyStageList(labels.map((l) => ({ label: l })));
          expect(checkStageList(tidy)).toEqual([]);
          expect(tidy.map((s) => s.label)).toEqual(['Approved', ...labels, 'Shipped', 'Delivered']);
        },
      ),
    );
  });
});
