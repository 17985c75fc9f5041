import { describe, expect, it } from 'vitest';
import { hasAtMostDecimals, LENS_VALUE_LIMIT, MAX_EPOCH_MS, MAX_VERSION } from '../../core/schemas/bounds';
import { customerInfoInputSchema, CUSTOMER_INFO_MAX_PAGE } from '../../core/schemas/customers/customer-info';
import { createLensDesignInputSchema, lensDesignSchema } from '../../core/schemas/lenses';
import { MAX_PARAMETER_VALUES, orderSchema, saveOrderDraftInputSchema } from '../../core/schemas/orders';
import { putActivityInputSchema } from '../../core/schemas/activity';
import { ROUTES } from '../../core/routes';
import { fieldErrorsOf } from '../../lambdas/http/parse-input';

/**
 * Schema-valid input must be storable. These are the values that reached DynamoDB and answered
 * 500 before the bounds; each is now refused by the route's own input schema with a field message.
 */

const draftInput = (draft: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  accountNumber: 'BV-1001',
  draft: { lines: [], attachments: [], ...draft },
  ...extra,
});
const draftWith = (parameters: Record<string, unknown>) =>
  draftInput({ lines: [{ eye: 'OD', lensId: 'scleral', parameters }] });

const activity = (pixelRatio: number, lastActivity = Date.now()) => ({
  lastActivity,
  deviceId: 'device-12345678',
  sessionId: 'session-12345678',
  status: 'active',
  browser: { name: 'Chrome', version: '130', platform: 'Linux', language: 'en-US' },
  screen: { width: 1280, height: 800, pixelRatio },
  device: { type: 'desktop', os: 'Linux', osVersion: '6' },
  session: { startTime: Date.now(), timezone: 'UTC', connectionType: 'wifi', currentRoute: '/', tabCount: 1 },
});

const lensDesign = (param: Record<string, unknown>) => ({
  name: 'Horizon',
  type: 'scleral',
  parameters: [{ kind: 'number', key: 'sphere', label: 'Sphere', unit: 'D', required: true, ...param }],
  priceCents: 100,
  warrantyDays: 90,
  active: true,
});

describe('lens parameter values: within +-100,000 and at most 6 decimals', () => {
  it.each([
    ['sphere: 1e16 (the marshaller refuses it: over MAX_SAFE_INTEGER)', 1e16],
    ['100,000.5', LENS_VALUE_LIMIT + 0.5],
    ['-100,001', -LENS_VALUE_LIMIT - 1],
    ['1e-200 (DynamoDB underflow)', 1e-200],
    ['seven decimals', 0.1234567],
    ['0.1 + 0.2 (17 significant digits)', 0.1 + 0.2],
  ])('a draft with %s is refused', (_label, value) => {
    const result = saveOrderDraftInputSchema.safeParse(draftWith({ sphere: value }));
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toHaveProperty(['draft.lines.0.parameters.sphere']);
  });

  it.each([-100_000, 100_000, -2.75, 0.000001, 16.5, 4250])('%s is accepted', (value) => {
    expect(saveOrderDraftInputSchema.safeParse(draftWith({ sphere: value })).success).toBe(true);
  });

  it(`a lens line holds at most ${MAX_PARAMETER_VALUES} parameter values`, () => {
    const many = Object.fromEntries(Array.from({ length: MAX_PARAMETER_VALUES + 1 }, (_, i) => [`p${i}`, 1]));
    expect(saveOrderDraftInputSchema.safeParse(draftWith(many)).success).toBe(false);
    delete many[`p${MAX_PARAMETER_VALUES}`];
    expect(saveOrderDraftInputSchema.safeParse(draftWith(many)).success).toBe(true);
  });

  it('a design range or step outside the bounds is refused too (the order rule reads them)', () => {
    const base = { min: -20, max: 20, step: 0.25 };
    expect(createLensDesignInputSchema.safeParse(lensDesign(base)).success).toBe(true);
    expect(createLensDesignInputSchema.safeParse(lensDesign({ ...base, max: 1e300 })).success).toBe(false);
    expect(createLensDesignInputSchema.safeParse(lensDesign({ ...base, step: 1e-9 })).success).toBe(false);
    expect(createLensDesignInputSchema.safeParse(lensDesign({ ...base, step: 0 })).success).toBe(false);
  });

  it('hasAtMostDecimals counts decimals as typed, not as binary floats', () => {
    expect(hasAtMostDecimals(0.1, 6)).toBe(true);
    expect(hasAtMostDecimals(-7.25, 2)).toBe(true);
    expect(hasAtMostDecimals(1.005, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 6)).toBe(false);
  });
});

describe('record keys and entry counts', () => {
  it('a draft address with a 70,000-character key is refused (DynamoDB refused the attribute name)', () => {
    const key = 'k'.repeat(70_000);
    const result = saveOrderDraftInputSchema.safeParse(
      draftInput({ shipping: { address: { [key]: 'x', city: 'Austin' } } }),
    );
    expect(result.success).toBe(false);
  });

  it('a draft address holds the form fields, at most 12 of them', () => {
    const fields = { address: '1 Main', apt: '2', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
    expect(saveOrderDraftInputSchema.safeParse(draftInput({ shipping: { address: fields } })).success).toBe(true);
    const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`field${i}`, 'x']));
    expect(saveOrderDraftInputSchema.safeParse(draftInput({ shipping: { address: many } })).success).toBe(false);
    expect(
      saveOrderDraftInputSchema.safeParse(draftInput({ shipping: { address: { 'not a field': 'x' } } })).success,
    ).toBe(false);
  });

  it('the field errors of a hostile body stay small: 50 fields at most, paths cut to 200 characters', () => {
    const keys = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`${'z'.repeat(300)}${i}`, 'x']));
    const result = saveOrderDraftInputSchema.safeParse(draftInput({ shipping: { address: keys } }));
    const errors = fieldErrorsOf(result.error!);
    expect(Object.keys(errors).length).toBeLessThanOrEqual(50);
    expect(Object.keys(errors).every((path) => path.length <= 203)).toBe(true);
  });
});

describe('other numbers', () => {
  it('putActivity with pixelRatio 1e-200 is refused; the browser clamps to 0.1..20', () => {
    expect(putActivityInputSchema.safeParse(activity(1e-200)).success).toBe(false);
    expect(putActivityInputSchema.safeParse(activity(0.1)).success).toBe(true);
    expect(putActivityInputSchema.safeParse(activity(1.3333333333333333)).success).toBe(true);
    expect(putActivityInputSchema.safeParse(activity(Number.MAX_VALUE)).success).toBe(false);
  });

  it('timestamps stop at year 9999', () => {
    expect(putActivityInputSchema.safeParse(activity(1, MAX_EPOCH_MS + 1)).success).toBe(false);
  });

  it('versions stop at a billion', () => {
    expect(saveOrderDraftInputSchema.safeParse(draftInput({}, { version: MAX_VERSION })).success).toBe(true);
    expect(saveOrderDraftInputSchema.safeParse(draftInput({}, { version: MAX_VERSION + 1 })).success).toBe(false);
  });

  it(`getCustomerInfo pages stop at ${CUSTOMER_INFO_MAX_PAGE} (page n costs n Queries)`, () => {
    expect(customerInfoInputSchema.safeParse({ page: CUSTOMER_INFO_MAX_PAGE }).success).toBe(true);
    expect(customerInfoInputSchema.safeParse({ page: CUSTOMER_INFO_MAX_PAGE + 1 }).success).toBe(false);
    expect(customerInfoInputSchema.safeParse({ page: 1e9 }).success).toBe(false);
  });
});

describe('data stored before the bounds still loads (the read schemas are the old, wider ones)', () => {
  it('an order whose draft holds a parameter of 1,000,000 and an odd address key', () => {
    const order = {
      orderId: '00000000-0000-4000-8000-000000000001',
      orderNumber: null,
      accountNumber: 'BV-1001',
      status: 'draft',
      patient: '',
      lines: [],
      draft: {
        lines: [{ eye: 'OD', parameters: { sphere: 1_000_000.1234567 } }],
        shipping: { address: { 'Street 1': 'x' } },
        attachments: [],
      },
      attachments: [],
      history: [],
      createdBy: { userId: 'u-1', name: 'Ann' },
      createdAt: '2025-01-01T00:00:00.000Z',
      statusAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      version: 3,
    };
    expect(orderSchema.safeParse(order).success).toBe(true);
  });

  it('a lens design with a step of 1e-9 and a range of +-1e7', () => {
    const design = {
      ...lensDesign({ min: -1e7, max: 1e7, step: 1e-9 }),
      lensId: 'old',
      version: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    expect(lensDesignSchema.safeParse(design).success).toBe(true);
    expect(createLensDesignInputSchema.safeParse(lensDesign({ min: -1e7, max: 1e7, step: 1e-9 })).success).toBe(false);
  });
});

describe('customer-facing answers', () => {
  it("getMyAccountRequest and submitAccountRequest never carry the deciding admin's email", () => {
    const request = {
      requestId: 'u-1',
      userId: 'u-1',
      userEmail: 'owner@clearsight.test',
      practiceName: 'ClearSight',
      contactName: 'Jamie',
      email: 'owner@clearsight.test',
      phone: '5035550170',
      address: { address: '9 Harbor Road', city: 'Portland', state: 'OR', zip: '97201' },
      stateLicenseNumber: 'OR-1',
      buyingGroupId: 'vs',
      status: 'rejected',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-02T00:00:00.000Z',
      rejectionReason: 'License not found',
      decidedAt: '2025-01-02T00:00:00.000Z',
      decidedBy: 'superadmin@lenslab.test',
    };
    const mine = ROUTES.getMyAccountRequest.output.parse({ request });
    expect(JSON.stringify(mine)).not.toContain('superadmin@lenslab.test');
    expect(mine.request).toMatchObject({ status: 'rejected', rejectionReason: 'License not found' });
    const submitted = ROUTES.submitAccountRequest.output.parse({ request, created: false });
    expect(JSON.stringify(submitted)).not.toContain('superadmin@lenslab.test');
  });
});
