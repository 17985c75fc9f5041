import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { versionSchema } from '../bounds';
import { actorSchema } from '../money';
import { parameterValuesSchema } from '../order-keys';
import { idSchema, multiLineText } from '../text-fields';
import { consultIdSchema } from './consult-id';

/** The lab's answer to a consult: its text and the proposed lens. */

/** The lab's proposed lens, checked against the design's catalogue ranges like an order line. */
export const consultProposalSchema = lazySchema(() =>
  z.strictObject({
    lensId: idSchema('Lens design'),
    parameters: parameterValuesSchema,
  }),
);

export const consultReplySchema = lazySchema(() =>
  z.object({
    text: z.string(),
    proposal: z.object({
      lensId: z.string(),
      lensName: z.string(),
      parameters: z.record(z.string(), z.union([z.number(), z.string()])),
    }),
    by: actorSchema,
    at: z.string(),
  }),
);

export const replyToConsultInputSchema = lazySchema(() =>
  z.strictObject({
    consultId: consultIdSchema,
    version: versionSchema,
    text: multiLineText('Answer', 4000),
    proposal: consultProposalSchema,
  }),
);
