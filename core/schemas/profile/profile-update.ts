import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { versionSchema } from '../bounds';
import { optionalLine, optionalPhoneNumber, requiredLine } from '../text-fields';

/**
 * `updateMyProfile`: the user's own fields of spec 3 "User". The email is read-only (it is the sign-in
 * name) and accountNumber(s), role and the terms fields are the lab's: the schema is strict, so sending
 * any of them is a 400 (mass assignment refused), never silently dropped. Fields left out stay as they
 * are; an empty string clears an optional field. `version` is the version read: a profile changed since
 * (another tab, an admin) is refused with 409.
 */
export const updateMyProfileInputSchema = lazySchema(() =>
  z.strictObject({
    version: versionSchema,
    firstName: z.optional(requiredLine('First name', 100)),
    lastName: z.optional(requiredLine('Last name', 100)),
    address: optionalLine('Address', 200),
    apt: optionalLine('Apt / suite', 50),
    city: optionalLine('City', 100),
    state: optionalLine('State', 50),
    zip: optionalLine('ZIP code', 10).check(
      z.refine((v) => !v || /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(v), 'Enter a valid ZIP code'),
    ),
    phone: optionalPhoneNumber('Phone'),
    country: optionalLine('Country', 60),
    company: optionalLine('Company', 120),
    faxNumber: optionalPhoneNumber('Fax'),
  }),
);
export type UpdateMyProfileInput = z.input<typeof updateMyProfileInputSchema>;

/** The fields updateMyProfile may write, in one list (the adapter builds its update from it). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'address',
  'apt',
  'city',
  'state',
  'zip',
  'phone',
  'country',
  'company',
  'faxNumber',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
