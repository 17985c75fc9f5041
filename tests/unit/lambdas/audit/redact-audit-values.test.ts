import { describe, expect, it } from 'vitest';
import { changedValues, MAX_AUDIT_TEXT, redactAuditValues } from '../../../../lambdas/audit/redact-audit-values';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('audit values: nothing in the audit log is a secret, card data or patient text', () => {
  it('drops credentials by key name at any depth', () => {
    const out = redactAuditValues({
      userId: 'u-1',
      password: 'Lenslab!Super1',
      newPassword: 'Another!Pass2',
      idToken: 'x',
      refresh_token: 'y',
      clientSecret: 'pi_123_secret_456',
      Authorization: 'Bearer abc',
      nested: { apiKey: 'k', privateKey: 'p', cookie: 'c', keep: 1 },
    });
    expect(out).toEqual({ userId: 'u-1', nested: { keep: 1 } });
  });

  it('drops card data and patient free text by key name', () => {
    const out = redactAuditValues({
      cardNumber: '4242424242424242',
      cvc: '123',
      expiry: '12/30',
      invoiceNumber: 'INV-1',
      lines: [{ description: 'Scleral lens', patient: 'Jane Roe', amountCents: 100 }],
      notes: 'patient allergic to...',
      note: 'call Mrs Roe',
      patientReference: 'JR-77',
      reason: 'Duplicate invoice',
    });
    expect(out).toEqual({
      invoiceNumber: 'INV-1',
      lines: [{ description: 'Scleral lens', amountCents: 100 }],
      reason: 'Duplicate invoice',
    });
  });

  it('replaces values shaped like a token or a card number whatever their key', () => {
    const out = redactAuditValues({ reference: JWT, memo: '4242 4242 4242 4242', phone: '(512) 555-0100' });
    expect(out).toEqual({ reference: '[redacted]', memo: '[redacted]', phone: '(512) 555-0100' });
    expect(JSON.stringify(out)).not.toContain('eyJ');
  });

  it('cuts long text and long lists so an entry stays small', () => {
    const out = redactAuditValues({ body: 'x'.repeat(5000), ids: Array.from({ length: 80 }, (_, i) => i) });
    expect(String(out.body).length).toBeLessThan(MAX_AUDIT_TEXT + 40);
    expect(out.body).toContain('[5000 characters]');
    expect(out.ids).toHaveLength(51);
  });
});

describe('changedValues: before and after reduced to what changed', () => {
  it('keeps only the fields that differ, plus the ids asked for', () => {
    const before = { accountNumber: 'BV-1', company: 'Brightview', phone: '1', version: 3, pricingAllowed: false };
    const after = { accountNumber: 'BV-1', company: 'Brightview', phone: '2', version: 4, pricingAllowed: true };
    expect(changedValues(before, after, ['accountNumber'])).toEqual({
      before: { accountNumber: 'BV-1', phone: '1', version: 3, pricingAllowed: false },
      after: { accountNumber: 'BV-1', phone: '2', version: 4, pricingAllowed: true },
    });
  });

  it('a field added or removed shows on its side only', () => {
    expect(changedValues({ a: 1, fax: '555' }, { a: 1, billing: { city: 'Austin' } })).toEqual({
      before: { fax: '555' },
      after: { billing: { city: 'Austin' } },
    });
  });

  it('a create keeps its after whole and a delete its before, both redacted', () => {
    expect(changedValues(null, { userId: 'u', password: 'p' })).toEqual({ before: null, after: { userId: 'u' } });
    expect(changedValues({ userId: 'u', token: 't' }, null)).toEqual({ before: { userId: 'u' }, after: null });
  });

  it('a changed secret is dropped from both sides', () => {
    expect(changedValues({ password: 'old' }, { password: 'new' })).toEqual({ before: {}, after: {} });
  });
});

describe("audit values: the lab's clinical reply text is not copied in", () => {
  const consult = {
    consultId: 'c-1',
    reference: 'AVC-7Q2M9K',
    status: 'new',
    question: 'Lens lifts at 6 o clock after two hours, patient reports haze',
    observations: { edgeLift: 'inferior', comfortHours: 2 },
    version: 0,
  };
  const answered = {
    ...consult,
    status: 'answered',
    reply: {
      text: 'Steepen the inferior landing zone by 30 um; her left cornea is irregular.',
      proposal: { lensId: 'ampleye', lensName: 'Ampleye', parameters: { sagittalDepth: 4150 } },
      by: { userId: 'u-lab', email: 'lara@lab.test' },
      at: '2026-03-03T09:00:00.000Z',
    },
    version: 1,
  };

  it('a consult answer records who answered, when and the proposed lens, never the answer text', () => {
    const { before, after } = changedValues(consult, answered, ['reference']);
    expect(after).toEqual({
      reference: 'AVC-7Q2M9K',
      status: 'answered',
      reply: {
        proposal: { lensId: 'ampleye', lensName: 'Ampleye', parameters: { sagittalDepth: 4150 } },
        by: { userId: 'u-lab', email: 'lara@lab.test' },
        at: '2026-03-03T09:00:00.000Z',
      },
      version: 1,
    });
    expect(before).toEqual({ reference: 'AVC-7Q2M9K', status: 'new', version: 0 });
    expect(JSON.stringify({ before, after })).not.toContain('inferior landing');
  });

  it("a consult's question and observations are dropped wherever they appear, even when kept", () => {
    expect(changedValues(null, consult)).toEqual({
      before: null,
      after: { consultId: 'c-1', reference: 'AVC-7Q2M9K', status: 'new', version: 0 },
    });
    expect(changedValues(consult, { ...consult, version: 1 }, ['question', 'observations'])).toEqual({
      before: { version: 0 },
      after: { version: 1 },
    });
  });

  it('a `text` field outside a reply is kept (an email template body is not clinical)', () => {
    expect(redactAuditValues({ template: { subject: 'Hi', text: 'Your order shipped' } })).toEqual({
      template: { subject: 'Hi', text: 'Your order shipped' },
    });
  });
});
