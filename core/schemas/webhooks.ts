import * as z from '../zod';
import { lazySchema } from './lazy-schema';

/**
 * A webhook route's schemas (`kind: 'webhook'`): the body is the sender's signed event, read by the handler's own
 * check (lambdas/http/create-webhook-handler.ts), so the input describes nothing; the answer only says it arrived.
 */
export const webhookInputSchema = lazySchema(() => z.unknown());
export const webhookOutputSchema = lazySchema(() => z.object({ received: z.boolean() }));
