import { lazySchema } from './lazy-schema';
import * as z from '../zod';

/** Input of operations that take nothing: `{}` or no `data` at all. */
export const emptyInputSchema = lazySchema(() => z._default(z.optional(z.strictObject({})), {}));
