import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { DEFAULT_PRODUCTION_STAGES, STAGE_LIMITS, FIXED_STAGE_IDS } from '../rules/production-stages';
import { DEFAULT_SHIPPING_CALENDAR } from '../rules/ship-date';
import { versionSchema } from './bounds';
import { productionStageListSchema, stageIdSchema } from './production-stages';
import { shippingCalendarSchema } from './shipping-calendar';
import { requiredLine } from './text-fields';

/**
 * The lab's production settings, one referenceData item (list `production`, id `settings`): the stages an
 * approved order moves through and the shipping calendar its promise is counted on. The order form reads them
 * (the promise before submit, the stage names), so every signed-in user may; only super admins change them.
 */
export const productionSettingsSchema = lazySchema(() =>
  z.object({
    stages: productionStageListSchema,
    calendar: shippingCalendarSchema,
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type ProductionSettings = z.infer<typeof productionSettingsSchema>;

/** What a lab has until a super admin saves its own. */
export const DEFAULT_PRODUCTION_SETTINGS: ProductionSettings = {
  stages: [...DEFAULT_PRODUCTION_STAGES],
  calendar: DEFAULT_SHIPPING_CALENDAR,
  version: 0,
};

/**
 * `updateProductionSettings`: the whole list as the editor sends it (a new stage may come without an id: the
 * server derives one from its label, core/rules/production-stages.ts tidyStageList) and the calendar, over the
 * version the editor read.
 */
export const updateProductionSettingsInputSchema = lazySchema(() =>
  z.strictObject({
    stages: z
      .array(
        z.strictObject({
          id: z.optional(stageIdSchema),
          label: requiredLine('Stage name', STAGE_LIMITS.label),
        }),
      )
      .check(
        z.maxLength(
          STAGE_LIMITS.maxWorkStages + FIXED_STAGE_IDS.length,
          `At most ${STAGE_LIMITS.maxWorkStages} work stages`,
        ),
      ),
    calendar: shippingCalendarSchema,
    version: versionSchema,
  }),
);
export type UpdateProductionSettingsInput = z.output<typeof updateProductionSettingsInputSchema>;
