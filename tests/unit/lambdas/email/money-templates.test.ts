import { describe, expect, it } from 'vitest';
import { EMAIL_PLACEHOLDERS, type EmailKind } from '../../../../core/schemas/email/email';
import { DEFAULT_TEMPLATES } from '../../../../lambdas/email/default-templates';
import {
  claimDecidedValues,
  claimSubmittedValues,
  creditGrantedValues,
  invoiceIssuedValues,
  paymentFailedValues,
  paymentValues,
  warrantyEndingValues,
} from '../../../../lambdas/email/money-email-values';
import { placeholdersIn, renderTemplate } from '../../../../lambdas/email/render-template';
import {
  sampleClaim,
  sampleCreditEntry,
  sampleInvoice,
  samplePayment,
  sampleWarrantyLens,
} from '../../../support/money-email-fakes';

const SCRIPT = '<script>alert(1)</script>';
const portalUrl = 'https://portal.test';

/**
 * Each money email's values with a hostile value where a practice's text reaches it: the practice name
 * where the email names the practice, else the payer's name or the patient reference they typed.
 */
const HOSTILE: Record<string, () => Record<string, string>> = {
  'invoice-issued': () => invoiceIssuedValues(sampleInvoice(), { portalUrl, company: SCRIPT }),
  'payment-receipt': () =>
    paymentValues(samplePayment(), [sampleInvoice()], { portalUrl, company: SCRIPT, audience: 'payer' }),
  'payment-received': () =>
    paymentValues(samplePayment(), [sampleInvoice()], { portalUrl, company: SCRIPT, audience: 'lab' }),
  'payment-failed': () =>
    paymentFailedValues(samplePayment({ payer: { userId: 'u', name: SCRIPT, email: 'a@b.test' } }), { portalUrl }),
  'credit-granted': () => creditGrantedValues(sampleCreditEntry(), { portalUrl, company: SCRIPT }),
  'claim-submitted': () => claimSubmittedValues(sampleClaim({ patient: SCRIPT, note: SCRIPT }), { portalUrl }),
  'claim-decided': () => claimDecidedValues(sampleClaim({ patient: SCRIPT, status: 'approved' }), { portalUrl }),
  'warranty-ending': () =>
    warrantyEndingValues('BV-1001', [sampleWarrantyLens({ patient: SCRIPT })], { portalUrl, company: SCRIPT }),
};
const MONEY_KINDS = Object.keys(HOSTILE) as EmailKind[];

describe('money email templates', () => {
  it.each(MONEY_KINDS)('%s: the values fill every placeholder the built-in text and the preview use', (kind) => {
    const values = HOSTILE[kind]!();
    const template = DEFAULT_TEMPLATES[kind];
    const used = placeholdersIn(template.subject + template.body);
    expect(used.filter((name) => !(name in values))).toEqual([]);
    // The preview's sample values name exactly what the email fills.
    expect(Object.keys(EMAIL_PLACEHOLDERS[kind]).sort()).toEqual(Object.keys(values).sort());
  });

  it.each(MONEY_KINDS)('%s: a <script> from the practice is escaped in the HTML part', (kind) => {
    const rendered = renderTemplate(DEFAULT_TEMPLATES[kind], HOSTILE[kind]!());
    expect(rendered.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rendered.html).not.toContain('<script');
    // The plain-text part shows it as typed (text is never interpreted).
    expect(rendered.subject + rendered.text).toContain(SCRIPT);
  });

  it.each(MONEY_KINDS)('%s: the preview renders with its sample values, nothing left unfilled', (kind) => {
    const rendered = renderTemplate(DEFAULT_TEMPLATES[kind], EMAIL_PLACEHOLDERS[kind]);
    expect(rendered.subject + rendered.text).not.toMatch(/\{\{/);
    expect(rendered.html).toMatch(/<a href="https:\/\/portal\.example\/(customer|admin)\//);
  });

  it('amounts are dollars from integer cents', () => {
    const values = invoiceIssuedValues(sampleInvoice({ totalCents: 123456, balanceCents: 100005 }), { portalUrl });
    expect(values).toMatchObject({ totalAmount: '$1,234.56', balanceAmount: '$1,000.05' });
  });

  it('the invoice links Pay Online at that invoice and account (escaped query)', () => {
    const values = invoiceIssuedValues(sampleInvoice({ invoiceNumber: 'INV-7', accountNumber: 'HV-2001' }), {
      portalUrl,
    });
    expect(values['invoiceLink']).toBe('https://portal.test/customer/payment?invoice=INV-7&account=HV-2001');
  });

  it('the account number stands in for an unknown practice name', () => {
    expect(invoiceIssuedValues(sampleInvoice(), { portalUrl })['company']).toBe('BV-1001');
  });

  it('a receipt lists every invoice the payment reached with its balance after it', () => {
    const payment = samplePayment({
      allocations: [
        { invoiceNumber: 'INV-1', amountCents: 40850 },
        { invoiceNumber: 'INV-2', amountCents: 5000 },
      ],
    });
    const values = paymentValues(
      payment,
      [sampleInvoice({ balanceCents: 0 }), sampleInvoice({ invoiceNumber: 'INV-2', balanceCents: 7500 })],
      { portalUrl, audience: 'payer' },
    );
    expect(values['invoiceList']).toBe(
      'INV-1: $408.50 paid, balance now $0.00\nINV-2: $50.00 paid, balance now $75.00',
    );
  });

  it('a card overpayment waiting for a second super admin is not called credit in the receipt email (docs/decisions/0092-large-credit-needs-a-second-super-admin.md)', () => {
    const held = paymentValues(samplePayment({ overpaidCents: 250_000, overpaymentHeld: true }), [], {
      portalUrl,
      audience: 'payer',
    });
    expect(held['overpaidAmount']).toBe("$2,500.00 (waiting for the lab's approval before it becomes credit)");
    const credited = paymentValues(samplePayment({ overpaidCents: 1_250 }), [], { portalUrl, audience: 'payer' });
    expect(credited['overpaidAmount']).toBe('$12.50');
  });
});
