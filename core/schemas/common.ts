import { lazySchema } from './lazy-schema';
import * as z from 'zod';

/** Input of operations that take nothing: `{}` or no `data` at all. */
export const emptyInputSchema = lazySchema(() => z.object({}).strict().optional().default({}));
