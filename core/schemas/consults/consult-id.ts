import { lazySchema } from '../lazy-schema';
import { clientIdSchema } from '../money';

/**
 * The browser-made id of a consult request (its idempotency key). Apart from the consult schemas so an order
 * can name the consult it came from: those schemas import the order ones.
 */
export const consultIdSchema = lazySchema(() => clientIdSchema('Consult id'));
