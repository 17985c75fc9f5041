import * as z from 'zod';

/** Input of operations that take nothing: `{}` or no `data` at all. */
export const emptyInputSchema = z.object({}).strict().optional().default({});
