import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import {
  checkStageList,
  FIXED_STAGE_IDS,
  STAGE_ID_PATTERN,
  STAGE_LIMITS,
  type ProductionStage,
} from '../rules/production-stages';
import { requiredLine } from './text-fields';

/**
 * The lab's production stages, as stored and edited. The rules that read them (the fixed stages, the next
 * stage, labels of removed stages) are core/rules/production-stages.ts; the list schema asks checkStageList,
 * so the editor and the server refuse a list with the same messages.
 */

export const stageIdSchema = lazySchema(() =>
  z
    .string({ error: 'Stage id is required' })
    .check(
      z.minLength(1, 'Stage id is required'),
      z.maxLength(STAGE_LIMITS.id, `A stage id is at most ${STAGE_LIMITS.id} characters`),
      z.regex(STAGE_ID_PATTERN, 'A stage id is lower-case letters, digits and single dashes'),
    ),
);

export const productionStageSchema = lazySchema(() =>
  z.strictObject({ id: stageIdSchema, label: requiredLine('Stage name', STAGE_LIMITS.label) }),
);
// The rules own the type (they must not import a schema that imports them).
export type { ProductionStage };

export const productionStageListSchema = lazySchema(() =>
  z.array(productionStageSchema).check(
    z.maxLength(
      STAGE_LIMITS.maxWorkStages + FIXED_STAGE_IDS.length,
      `At most ${STAGE_LIMITS.maxWorkStages} work stages`,
    ),
    z.superRefine((list, ctx) => {
      for (const message of checkStageList(list)) ctx.addIssue({ code: 'custom', message });
    }),
  ),
);
