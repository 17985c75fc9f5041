import { lazySchema } from './lazy-schema';
import { FORM_MESSAGES } from '../messages';
import * as z from '../zod';

/**
 * An account number as the lab issues them: letters, digits and dashes. Its own module, so the order schemas
 * can name it while customers/customer-info.ts names the order summary. Accounts are stored upper-case and a practice
 * types them in any case: the schema hands every use case the stored spelling, so "bv-1001" and "BV-1001" are
 * one account and no use case upper-cases an input again.
 */
export const accountNumberSchema = lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Account number is required'),
      z.maxLength(32, 'Account number is too long'),
      z.regex(/^[A-Za-z0-9-]+$/, FORM_MESSAGES.invalidAccountNumber),
      z.toUpperCase(),
    ),
);
