import { describe, expect, it } from 'vitest';
import type * as z from '../../../core/zod';
import { accountRequestFormSchema } from '../../../core/schemas/account-requests';
import { updateMyProfileInputSchema } from '../../../core/schemas/profile/profile-update';
import { signUpInputSchema } from '../../../core/schemas/auth/sign-up';

/**
 * spec 5 "Field-level form rules for sign-in, sign-up, order, payment, profile and account request: not shown",
 * as decided (docs/decisions/0063-field-rules-where-the-spec-shows-none.md). Each form checks its values with the
 * schema its route parses, so these rules hold in the browser and on the server alike.
 */

/** The first message for `field`, or null when the value passes. */
function messageFor(schema: z.ZodMiniType, value: unknown, field: string): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  return parsed.error.issues.find((issue) => issue.path.join('.') === field)?.message ?? null;
}

const signUp = {
  email: 'ann@practice.test',
  password: 'Lens-care-1',
  firstName: 'Ann',
  lastName: 'Lee',
  termsAccepted: true,
};

const request = {
  practiceName: 'ClearSight Optometry',
  contactName: 'Jamie Lindqvist',
  email: 'office@clearsight.test',
  phone: '(503) 555-0100',
  fax: '',
  address: { address: '12 Lens Lane', apt: '', city: 'Salem', state: 'OR', zip: '97301', country: '' },
  stateLicenseNumber: 'OR-12345',
  buyingGroupId: 'vision-source',
  existingAccountNumber: '',
};

describe('sign-up fields', () => {
  it('a complete sign-up passes; the email is stored lower-case and trimmed', () => {
    const parsed = signUpInputSchema.parse({ ...signUp, email: '  Ann@Practice.TEST ' });
    expect(parsed.email).toBe('ann@practice.test');
  });

  it('the email must be an email address of at most 254 characters', () => {
    expect(messageFor(signUpInputSchema, { ...signUp, email: 'ann@' }, 'email')).toBe('Enter a valid email address');
    const long = `${'a'.repeat(250)}@x.test`;
    expect(messageFor(signUpInputSchema, { ...signUp, email: long }, 'email')).toBe('Email is too long');
  });

  it('the password follows the policy: 8 characters with lower and upper case, a number and a symbol', () => {
    expect(messageFor(signUpInputSchema, { ...signUp, password: 'lenscare' }, 'password')).toBe(
      'Password must contain an uppercase letter, a number, a symbol.',
    );
    expect(messageFor(signUpInputSchema, { ...signUp, password: 'Ab1!' }, 'password')).toBe(
      'Password must contain at least 8 characters.',
    );
  });

  it('first and last name are required, one line, at most 100 characters (as on the profile)', () => {
    expect(messageFor(signUpInputSchema, { ...signUp, firstName: ' ' }, 'firstName')).toBe('First name is required');
    expect(messageFor(signUpInputSchema, { ...signUp, lastName: 'x'.repeat(101) }, 'lastName')).toBe(
      'Last name is too long',
    );
    expect(messageFor(signUpInputSchema, { ...signUp, firstName: 'Ann\r\nBcc: x' }, 'firstName')).toBe(
      'First name must be one line of text',
    );
  });

  it('the terms must be accepted', () => {
    expect(messageFor(signUpInputSchema, { ...signUp, termsAccepted: false }, 'termsAccepted')).toBe(
      'You must accept the Terms and Conditions',
    );
  });
});

describe('profile fields (spec 3 User: the user’s own)', () => {
  const profile = (fields: Record<string, unknown>) => ({ version: 1, ...fields });

  it('names may be changed but not emptied', () => {
    expect(messageFor(updateMyProfileInputSchema, profile({ firstName: '' }), 'firstName')).toBe(
      'First name is required',
    );
    expect(updateMyProfileInputSchema.safeParse(profile({ lastName: 'Okafor' })).success).toBe(true);
  });

  it('every address field is optional, and an empty one clears it', () => {
    const parsed = updateMyProfileInputSchema.parse(profile({ address: '', apt: '', city: '', state: '', zip: '' }));
    expect(parsed).toMatchObject({ address: '', city: '', zip: '' });
  });

  it('lengths: address 200, apt 50, city 100, state 50, country 60, company 120', () => {
    const tooLong: Array<[string, number, string]> = [
      ['address', 201, 'Address is too long'],
      ['apt', 51, 'Apt / suite is too long'],
      ['city', 101, 'City is too long'],
      ['state', 51, 'State is too long'],
      ['country', 61, 'Country is too long'],
      ['company', 121, 'Company is too long'],
    ];
    for (const [field, length, message] of tooLong)
      expect(messageFor(updateMyProfileInputSchema, profile({ [field]: 'x'.repeat(length) }), field)).toBe(message);
  });

  it('a ZIP code is 2 to 10 letters, digits, spaces or dashes', () => {
    expect(messageFor(updateMyProfileInputSchema, profile({ zip: '9' }), 'zip')).toBe('Enter a valid ZIP code');
    expect(messageFor(updateMyProfileInputSchema, profile({ zip: 'SW1A 1AA' }), 'zip')).toBeNull();
    expect(messageFor(updateMyProfileInputSchema, profile({ zip: '97301-1234' }), 'zip')).toBeNull();
  });

  it('phone and fax hold 7 to 20 digits, written as people write them', () => {
    expect(messageFor(updateMyProfileInputSchema, profile({ phone: '555-01' }), 'phone')).toBe('Enter a valid phone');
    expect(messageFor(updateMyProfileInputSchema, profile({ faxNumber: '+1 (503) 555-0100' }), 'faxNumber')).toBeNull();
  });

  it('the email, account numbers, role and terms are not the user’s to change', () => {
    for (const field of ['email', 'accountNumber', 'accountNumbers', 'role', 'termsAccepted'])
      expect(updateMyProfileInputSchema.safeParse(profile({ [field]: 'x' })).success, field).toBe(false);
  });
});

describe('account request fields (spec 7 POST customer: the customer application)', () => {
  it('a complete request passes; empty optional fields are left out', () => {
    const parsed = accountRequestFormSchema.parse(request);
    expect(parsed.existingAccountNumber).toBeUndefined();
  });

  it('practice and contact name are required, at most 120 characters', () => {
    expect(messageFor(accountRequestFormSchema, { ...request, practiceName: '' }, 'practiceName')).toBe(
      'Practice name is required',
    );
    expect(messageFor(accountRequestFormSchema, { ...request, contactName: 'x'.repeat(121) }, 'contactName')).toBe(
      'Contact name is too long',
    );
  });

  it('the practice email, phone and address are required; fax, apt and country are optional', () => {
    expect(messageFor(accountRequestFormSchema, { ...request, email: 'office' }, 'email')).toBe(
      'Enter a valid email address',
    );
    expect(messageFor(accountRequestFormSchema, { ...request, phone: '' }, 'phone')).toBe('Phone is required');
    expect(
      messageFor(accountRequestFormSchema, { ...request, address: { ...request.address, city: '' } }, 'address.city'),
    ).toBe('City is required');
    expect(messageFor(accountRequestFormSchema, { ...request, fax: '' }, 'fax')).toBeNull();
  });

  it('the state license number is required: letters, digits, spaces, dots, slashes and dashes, at most 40', () => {
    expect(messageFor(accountRequestFormSchema, { ...request, stateLicenseNumber: 'OR#1' }, 'stateLicenseNumber')).toBe(
      'State license number may hold letters, digits, spaces, dots, slashes and dashes',
    );
    expect(
      messageFor(accountRequestFormSchema, { ...request, stateLicenseNumber: 'x'.repeat(41) }, 'stateLicenseNumber'),
    ).toBe('State license number is too long');
  });

  it('a buying group must be chosen', () => {
    expect(messageFor(accountRequestFormSchema, { ...request, buyingGroupId: '' }, 'buyingGroupId')).toBe(
      'Choose a buying group',
    );
  });

  it('an existing account number, when given, is letters, digits and dashes, stored upper-case', () => {
    expect(
      messageFor(accountRequestFormSchema, { ...request, existingAccountNumber: 'CS 30' }, 'existingAccountNumber'),
    ).toBe('Not a valid account number');
    expect(accountRequestFormSchema.parse({ ...request, existingAccountNumber: 'cs-3001' }).existingAccountNumber).toBe(
      'CS-3001',
    );
  });

  it('nothing beyond these fields is accepted', () => {
    expect(accountRequestFormSchema.safeParse({ ...request, pricingAllowed: true }).success).toBe(false);
  });
});
