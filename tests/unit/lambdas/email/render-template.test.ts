import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, EMAIL_PLACEHOLDERS } from '../../../../core/schemas/email/email';
import { DEFAULT_TEMPLATES } from '../../../../lambdas/email/default-templates';
import { checkTemplatePlaceholders } from '../../../../lambdas/email/check-template-placeholders';
import { placeholdersIn, renderTemplate, templateEmail } from '../../../../lambdas/email/render-template';
import { inertText, UnsafeEmailError } from '../../../../lambdas/email/safe-email';
import { failureOf } from '../../../support/failure-of';

describe('default templates', () => {
  it.each(EMAIL_KINDS)('%s has a built-in subject and body that use only its own placeholders', (kind) => {
    const template = DEFAULT_TEMPLATES[kind];
    expect(template.subject.trim()).not.toBe('');
    expect(template.body.trim()).not.toBe('');
    expect(() => checkTemplatePlaceholders(kind, template)).not.toThrow();
  });

  it('spec 9: the order-closed email names the patient, the invoice number and the order notes', () => {
    const used = placeholdersIn(DEFAULT_TEMPLATES['order-closed'].subject + DEFAULT_TEMPLATES['order-closed'].body);
    expect(used).toEqual(expect.arrayContaining(['patientName', 'invoiceNumber', 'orderNotes']));
    const rendered = renderTemplate(DEFAULT_TEMPLATES['order-closed'], EMAIL_PLACEHOLDERS['order-closed']);
    expect(rendered.text).toContain('Patient name: J. Doe');
    expect(rendered.text).toContain('Invoice number: INV-5001');
  });
});

describe('renderTemplate', () => {
  it('fills {{placeholders}} (spaces inside the braces allowed) in subject, text and HTML', () => {
    const out = renderTemplate(
      { subject: 'Order {{ orderNumber }}', body: 'Hello {{patientName}},\n\nLine one\nline two' },
      { orderNumber: 'LL-1', patientName: 'Ann' },
    );
    expect(out.subject).toBe('Order LL-1');
    expect(out.text).toBe('Hello Ann,\n\nLine one\nline two');
    expect(out.html).toContain('<p>Hello Ann,</p>');
    expect(out.html).toContain('<p>Line one<br />line two</p>');
  });

  it('escapes every value and the template text itself in the HTML part; the text part stays as typed', () => {
    const out = renderTemplate(
      { subject: 'Hi', body: '<b>Patient</b>: {{patientName}}' },
      { patientName: '<img src=x onerror=alert(1)> & "Jo"' },
    );
    expect(out.html).toContain('&lt;b&gt;Patient&lt;/b&gt;: &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Jo&quot;');
    expect(out.html).not.toContain('<img');
    expect(out.text).toBe('<b>Patient</b>: <img src=x onerror=alert(1)> & "Jo"');
  });

  it('a web address value becomes a link; anything else with "http" in it does not', () => {
    const out = renderTemplate(
      { subject: 's', body: 'See {{orderLink}} and {{note}}' },
      { orderLink: 'https://portal.example/customer/orders/1', note: 'javascript:alert(1) http://x"y' },
    );
    expect(out.html).toContain(
      '<a href="https://portal.example/customer/orders/1">https://portal.example/customer/orders/1</a>',
    );
    expect(out.html).toContain('javascript:alert(1) http[:]//x&quot;y');
    expect(out.html.match(/<a /g)).toHaveLength(1);
  });

  it('only link placeholders become links: a web address typed into any other value is inert text everywhere', () => {
    const typed = 'https://evil.example/login';
    const out = renderTemplate(
      { subject: 'New request: {{practiceName}}', body: 'Practice: {{practiceName}}\nWrite to {{email}}' },
      { practiceName: typed, email: 'boss@www.evil.example' },
    );
    for (const part of [out.subject, out.text, out.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('https://');
      expect(part).toContain('https[:]//evil[.]example/login');
    }
    expect(out.text).toContain('boss@www[.]evil[.]example');
    expect(out.html).not.toMatch(/<a\b/);
  });

  it('inert text brackets schemes and host-name dots, and leaves numbers, abbreviations and plain words alone', () => {
    expect(inertText('see www.evil.co.uk or ftp://files.example')).toBe(
      'see www[.]evil[.]co[.]uk or ftp[:]//files[.]example',
    );
    expect(inertText('evil\u3002example and evil\uFF0Eexample')).toBe('evil[.]example and evil[.]example');
    expect(inertText('Sag 4.5 mm, e.g. flatter; Dr Lee, 3.25 D')).toBe('Sag 4.5 mm, e.g. flatter; Dr Lee, 3.25 D');
    expect(inertText('Lakeside Optometry')).toBe('Lakeside Optometry');
  });

  it('a subject loses invisible format characters a value brings (bidi overrides, zero-width spaces)', () => {
    const out = renderTemplate(
      { subject: 'New request: {{practiceName}}', body: '{{practiceName}}' },
      { practiceName: 'Clear\u202EView\u200B Optometry\u2066' },
    );
    expect(out.subject).toBe('New request: ClearView Optometry');
    expect(out.subject).not.toMatch(/\p{Cf}/u);
  });

  it('a multi-line value keeps its line breaks in HTML', () => {
    const out = renderTemplate({ subject: 's', body: '{{message}}' }, { message: 'one\n<two>' });
    expect(out.html).toContain('<p>one<br />&lt;two&gt;</p>');
  });

  it('leaves an unknown placeholder visible as written', () => {
    expect(renderTemplate({ subject: '{{nope}}', body: 'x {{nope}}' }, {}).text).toBe('x {{nope}}');
  });
});

describe('placeholders are checked when a template is saved or previewed', () => {
  it('refuses a placeholder the email does not fill, naming it and the allowed ones (400)', async () => {
    const error = await failureOf(
      Promise.resolve().then(() =>
        checkTemplatePlaceholders('order-closed', {
          subject: 'Order {{orderNumbr}}',
          body: '{{company}} {{patientName}}',
        }),
      ),
    );
    expect(error.status).toBe('invalid-argument');
    expect(error.details).toEqual({
      fieldErrors: {
        subject: [expect.stringContaining('Unknown placeholder {{orderNumbr}}. This email can use: {{orderNumber}}')],
        body: [expect.stringContaining('Unknown placeholder {{company}}')],
      },
    });
  });
});

describe('header injection', () => {
  it('a patient name with "\\r\\nBcc:" cannot add a header: the email is refused', () => {
    expect(() =>
      templateEmail(
        'practice@example.com',
        { subject: 'Order for {{patientName}}', body: 'x' },
        { patientName: 'Ann\r\nBcc: attacker@evil.test' },
      ),
    ).toThrow(UnsafeEmailError);
  });

  it('the same value in the body is harmless text', () => {
    const email = templateEmail(
      'practice@example.com',
      { subject: 'Order', body: 'Patient {{patientName}}' },
      { patientName: 'Ann\r\nBcc: attacker@evil.test' },
    );
    expect(email.to).toEqual(['practice@example.com']);
    expect(email.subject).toBe('Order');
  });
});
