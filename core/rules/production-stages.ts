import type { OrderStatus } from './order-lifecycle';

/** One stage of the lab's list: a kebab-case id orders keep, and the name people read. */
export interface ProductionStage {
  id: string;
  label: string;
}

/**
 * The stages an approved order moves through in the lab, in the order the lab works. The lab names and orders
 * its own work stages; three stages are fixed because the order's status hangs on them: `approved` opens the
 * list (the order has just entered production), `shipped` and `delivered` close it (the order is closed). So a
 * stage is a sub-state of the status: `approved` ("In production") is at approved or a work stage, `closed`
 * ("Shipped") at shipped or delivered.
 */

export const STAGE_LIMITS = {
  id: 40,
  label: 40,
  minWorkStages: 0,
  maxWorkStages: 12,
} as const;

/** A stage id: lower-case letters and digits in words joined by single dashes (a kebab-case slug). */
export const STAGE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const FIXED_STAGE_IDS = ['approved', 'shipped', 'delivered'] as const;
export type FixedStageId = (typeof FIXED_STAGE_IDS)[number];
const FIRST_STAGE: FixedStageId = 'approved';
const LAST_STAGES: readonly FixedStageId[] = ['shipped', 'delivered'];

export const DEFAULT_PRODUCTION_STAGES: readonly ProductionStage[] = [
  { id: 'approved', label: 'Approved' },
  { id: 'lathing', label: 'Lathing' },
  { id: 'polishing', label: 'Polishing' },
  { id: 'surface-treatment', label: 'Surface treatment' },
  { id: 'quality-check', label: 'Quality check' },
  { id: 'packed', label: 'Packed' },
  { id: 'shipped', label: 'Shipped' },
  { id: 'delivered', label: 'Delivered' },
];

const DEFAULT_LABELS = new Map(DEFAULT_PRODUCTION_STAGES.map((s) => [s.id, s.label]));

export const isFixedStageId = (id: string): id is FixedStageId => (FIXED_STAGE_IDS as readonly string[]).includes(id);

/** Where a stage stands in the list, or -1 when the list does not name it. */
export function stageIndex(list: readonly ProductionStage[], id: string): number {
  return list.findIndex((stage) => stage.id === id);
}

/** The stages the lab works through between approval and shipping (the list without its fixed stages). */
export function workStages(list: readonly ProductionStage[]): ProductionStage[] {
  return list.filter((stage) => !isFixedStageId(stage.id));
}

/**
 * The work stage an order moves to next from `currentId` (the queue's "next stage"): from approved the first
 * work stage, from a work stage the one after it. Null after the last work stage (shipping is its own action,
 * which records the carrier), from shipped or delivered, and from a stage the lab has since removed (the
 * order's place in the new list is unknown, so the lab picks its stage).
 */
export function nextWorkStage(list: readonly ProductionStage[], currentId: string): ProductionStage | null {
  const work = workStages(list);
  if (currentId === FIRST_STAGE) return work[0] ?? null;
  const at = work.findIndex((stage) => stage.id === currentId);
  return at === -1 ? null : (work[at + 1] ?? null);
}

/** "surface-treatment" reads "Surface treatment". */
export function humanizeStageId(id: string): string {
  const words = id.split('-').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A stage's label. A stored order may name a stage the lab has since removed or renamed away: it reads as the
 * default label of that id, else the id in words, never a blank.
 */
export function stageLabel(list: readonly ProductionStage[], id: string): string {
  return list.find((stage) => stage.id === id)?.label ?? DEFAULT_LABELS.get(id) ?? humanizeStageId(id);
}

/** The stages an order in this status may be at (none for a status outside production and shipping). */
export function stageIdsForStatus(list: readonly ProductionStage[], status: OrderStatus): string[] {
  if (status === 'approved') return [FIRST_STAGE, ...workStages(list).map((stage) => stage.id)];
  if (status === 'closed') return [...LAST_STAGES];
  return [];
}

/** The stage an order enters with its status: approved on approval, shipped on close; null for the others. */
export function entryStageOf(status: OrderStatus): FixedStageId | null {
  if (status === 'approved') return FIRST_STAGE;
  if (status === 'closed') return 'shipped';
  return null;
}

/**
 * The stage an order stands at: its own, or for an order stored before stages the one its status implies
 * (approved reads 'approved', closed reads 'shipped'); null outside production and shipping.
 */
export function stageOfOrder(order: { status: OrderStatus; stage?: string | undefined }): string | null {
  const entry = entryStageOf(order.status);
  return entry === null ? null : (order.stage ?? entry);
}

/** True when an order in `status` may stand at stage `id` of the lab's list. */
export function stageFitsStatus(list: readonly ProductionStage[], status: OrderStatus, id: string): boolean {
  return stageIdsForStatus(list, status).includes(id);
}

/**
 * What is wrong with a stage list, as the lab admin reads it (empty when it may be saved): a bad id or label,
 * a repeated id or label (case aside), a fixed stage missing or moved, too many work stages.
 */
export function checkStageList(list: readonly ProductionStage[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const labels = new Set<string>();
  for (const { id, label } of list) {
    if (id.length > STAGE_LIMITS.id || !STAGE_ID_PATTERN.test(id)) {
      problems.push(
        `"${id}" is not a stage id: use lower-case letters, digits and single dashes, at most ${STAGE_LIMITS.id} characters.`,
      );
    }
    const name = label.trim();
    if (name === '') problems.push(`The stage "${id}" needs a name.`);
    else if (name.length > STAGE_LIMITS.label) {
      problems.push(`The stage name "${name}" is longer than ${STAGE_LIMITS.label} characters.`);
    }
    const idKey = id.toLowerCase();
    if (ids.has(idKey)) problems.push(`Two stages have the id "${id}".`);
    ids.add(idKey);
    const labelKey = name.toLowerCase();
    if (name !== '' && labels.has(labelKey)) problems.push(`Two stages are called "${name}".`);
    labels.add(labelKey);
  }

  const labelOf = (id: FixedStageId) => stageLabel(list, id);
  for (const id of FIXED_STAGE_IDS) {
    if (stageIndex(list, id) === -1) problems.push(`The stage "${labelOf(id)}" cannot be removed.`);
  }
  if (stageIndex(list, FIRST_STAGE) > 0) problems.push(`"${labelOf(FIRST_STAGE)}" must be the first stage.`);
  const tail = list.slice(-LAST_STAGES.length).map((stage) => stage.id);
  const lastPresent = LAST_STAGES.every((id) => stageIndex(list, id) !== -1);
  if (lastPresent && tail.join() !== LAST_STAGES.join()) {
    problems.push(`"${labelOf('shipped')}" and "${labelOf('delivered')}" must be the last two stages, in that order.`);
  }

  const work = workStages(list).length;
  if (work > STAGE_LIMITS.maxWorkStages) {
    problems.push(`At most ${STAGE_LIMITS.maxWorkStages} work stages: remove ${work - STAGE_LIMITS.maxWorkStages}.`);
  }
  return problems;
}

/** "Surface Treatment #2" -> "surface-treatment-2": the id a new stage gets from its label. */
export function stageIdFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, STAGE_LIMITS.id)
    .replace(/^-+|-+$/g, '');
}

/**
 * A stage list as the lab's editor sends it, made ready to check and save: labels trimmed, a missing id
 * derived from the label (made unique with -2, -3, ...; "stage" when the label has no letters or digits; never a
 * fixed stage's id), the fixed stages put back in their places (and restored with their default labels when
 * left out). The lab's own ids and the order of its work stages are kept; checkStageList reports what is still
 * wrong.
 */
export function tidyStageList(input: readonly { id?: string | undefined; label: string }[]): ProductionStage[] {
  // A new stage never takes a fixed stage's id, whatever it is called: those three carry the order's status.
  const taken = new Set<string>([...FIXED_STAGE_IDS, ...input.map((stage) => stage.id?.trim() ?? '')]);
  const stages = input.map(({ id, label }) => {
    const trimmed = label.trim();
    const ownId = id?.trim();
    if (ownId) return { id: ownId, label: trimmed };
    const base = stageIdFromLabel(trimmed) || 'stage';
    let derived = base;
    for (let n = 2; taken.has(derived); n += 1) {
      const suffix = `-${n}`;
      derived = `${base.slice(0, STAGE_LIMITS.id - suffix.length).replace(/-+$/, '')}${suffix}`;
    }
    taken.add(derived);
    return { id: derived, label: trimmed };
  });

  const fixed = (id: FixedStageId): ProductionStage =>
    stages.find((stage) => stage.id === id) ?? { id, label: DEFAULT_LABELS.get(id) ?? humanizeStageId(id) };
  return [fixed(FIRST_STAGE), ...stages.filter((stage) => !isFixedStageId(stage.id)), ...LAST_STAGES.map(fixed)];
}
