import { describe, expect, it } from 'vitest';
import { accountRequestRejectedValues, userInvitedValues } from '../../../../lambdas/email/account-email-values';
import { defaultTemplate } from '../../../../lambdas/email/default-templates';
import { portalUrl, labNotificationsAddress } from '../../../../lambdas/email/email-config';
import { templateEmail } from '../../../../lambdas/email/render-template';
import {
  composeEmail,
  emailAddress,
  escapeHtml,
  headerValue,
  html,
  UnsafeEmailError,
} from '../../../../lambdas/email/safe-email';

describe('safe email: user values are escaped in bodies', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('the html tag escapes every interpolated value, keeps nested html fragments and joins arrays', () => {
    const name = '<script>alert(1)</script>';
    const rows = ['<b>', 'ok'].map((v) => html`<li>${v}</li>`);
    expect(
      html`<p>${name}</p>
        <ul>
          ${rows}
        </ul>
        ${null}${undefined}${42}`.value.replace(/\s+/g, ''), // prettier lays the template out; spacing is not the point
    ).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><ul><li>&lt;b&gt;</li><li>ok</li></ul>42');
  });

  it('an email built from a hostile practice name and reason carries them escaped, line breaks as <br />', () => {
    const email = templateEmail(
      'fitter@practice.test',
      defaultTemplate('account-request-rejected'),
      accountRequestRejectedValues({ practiceName: '<img src=x onerror=alert(1)>', reason: 'Line one <b>\nLine two' }),
    );
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('Line one &lt;b&gt;<br />Line two');
    expect(email.html).not.toContain('<img');
  });
});

describe('safe email: no header injection', () => {
  it.each(['Hello\r\nBcc: victim@x.test', 'Hello\nX-Header: 1', 'Hello\rWorld', 'tab\tcontrol', 'nul\u0000'])(
    'refuses a subject with a line break or control character: %j',
    (subject) => {
      expect(() => headerValue(subject)).toThrow(UnsafeEmailError);
      expect(() => composeEmail({ to: 'a@b.test', subject, text: '', html: html`` })).toThrow(UnsafeEmailError);
    },
  );

  it.each(['Invoice \u202Efdp.exe', 'Pay\u200Bpal', 'Order\u2066 LL-1\u2069', '\uFEFFHello'])(
    'refuses a subject with an invisible format character (\\p{Cf}): %j',
    (subject) => {
      expect(() => headerValue(subject)).toThrow(UnsafeEmailError);
      expect(() => composeEmail({ to: 'a@b.test', subject, text: '', html: html`` })).toThrow(UnsafeEmailError);
    },
  );

  it.each([
    'a@b.test\r\nBcc: victim@x.test',
    'a@b.test, victim@x.test',
    'a@b.test;victim@x.test',
    'Name <a@b.test>',
    '"quoted"@b.test',
    'no-at-sign',
    'a@b',
    '',
  ])('refuses anything but one plain address: %j', (address) => {
    expect(() => emailAddress(address)).toThrow(UnsafeEmailError);
  });

  it('accepts plain addresses and freezes the composed email', () => {
    const email = composeEmail({ to: ['a.b+c@lab-1.example.test'], subject: 'Hi', text: 'x', html: html`<p>x</p>` });
    expect(email.to).toEqual(['a.b+c@lab-1.example.test']);
    expect(Object.isFrozen(email)).toBe(true);
  });
});

describe('email config', () => {
  it('the invitation links PORTAL_URL (its origin only) and never carries a password', () => {
    const url = portalUrl({ PORTAL_URL: 'https://portal.lab.test/some/path?x=1' });
    expect(url).toBe('https://portal.lab.test');
    const email = templateEmail(
      'new@lab.test',
      defaultTemplate('user-invited'),
      userInvitedValues({ email: 'new@lab.test', firstName: 'Ann', portalUrl: url }),
    );
    expect(email.html).toContain('<a href="https://portal.lab.test">https://portal.lab.test</a>');
    expect(email.text).toContain('Hello Ann,');
    expect(email.text.toLowerCase()).not.toMatch(/password:/);
  });

  it('an unset or non-http PORTAL_URL gives no link', () => {
    expect(portalUrl({})).toBeNull();
    expect(portalUrl({ PORTAL_URL: 'javascript:alert(1)' })).toBeNull();
    expect(portalUrl({ PORTAL_URL: 'not a url' })).toBeNull();
  });

  it('the lab address is LAB_NOTIFICATIONS_EMAIL, else EMAIL_FROM', () => {
    expect(labNotificationsAddress({ LAB_NOTIFICATIONS_EMAIL: 'lab@x.test', EMAIL_FROM: 'no-reply@x.test' })).toBe(
      'lab@x.test',
    );
    const saved = process.env['EMAIL_FROM'];
    process.env['EMAIL_FROM'] = 'no-reply@x.test';
    try {
      expect(labNotificationsAddress({})).toBe('no-reply@x.test');
    } finally {
      if (saved === undefined) delete process.env['EMAIL_FROM'];
      else process.env['EMAIL_FROM'] = saved;
    }
  });
});
