import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_WARRANTY_POLICY } from '../../../../core/schemas/lenses';
import { templateConsultNotifier } from '../../../../lambdas/adapters/template-consult-notifier';
import type { ConsultEmail } from '../../../../lambdas/ports/consult-notifier';
import { DEMO_LENS_DESIGNS } from '../../../../local/seed/lens-catalogue';
import { aConsult, aPublicConsult, withAnswer } from '../../../support/consult-fixtures';
import { InMemoryEmailTemplates, itResolvesWhenEverySendFails } from '../../../support/email-fakes';
import { InMemoryMailer, InMemoryUsers, memoryLogger } from '../../../support/in-memory-ports';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { testCustomers } from '../../../support/test-directory';

function setup(options: { portalUrl?: string | null } = {}) {
  const templates = new InMemoryEmailTemplates(['lab@lenslab.test', 'consults@lenslab.test']);
  const mailer = new InMemoryMailer();
  const { log, lines } = memoryLogger();
  const customers = testCustomers([{ accountNumber: '10042', company: 'Clear View Optometry' }]);
  const users = new InMemoryUsers();
  users.rows.set('user-customer', {
    userId: 'user-customer',
    email: 'Dana.New@ClearView.test',
    firstName: 'Dana',
    lastName: 'Fitter',
    accountNumber: '10042',
    accountNumbers: [],
    termsAccepted: true,
    version: 0,
  });
  const lenses = new InMemoryLensCatalogue();
  for (const { lensId, ...design } of DEMO_LENS_DESIGNS) {
    lenses.rows.set(lensId, {
      warranty: DEFAULT_WARRANTY_POLICY,
      ...design,
      lensId,
      version: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
  }
  const notifier = templateConsultNotifier({
    templates,
    mailer,
    customers,
    users,
    lenses,
    log,
    portalUrl: options.portalUrl === undefined ? 'https://portal.test' : options.portalUrl,
  });
  return { templates, mailer, lines, customers, users, lenses, notifier };
}

const recipients = (mailer: InMemoryMailer) => mailer.sent.map((e) => e.to);
const CONSULT_PAGE = `https://portal.test/customer/consults/${aConsult().consultId}`;

describe('consult-received: to the lab', () => {
  it('goes to every lab notification recipient separately, with the lens by its labels and units, linking the lab’s consult page', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({ kind: 'consult-received', consult: aConsult() });
    expect(recipients(mailer)).toEqual([['lab@lenslab.test'], ['consults@lenslab.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('New consult request AVC-000042: Clear View');
    expect(email!.text).toContain('Practice request (account 10042): consult AVC-000042 waits for an answer');
    expect(email!.text).toContain('From: Dana Fitter (dana@example[.]test)');
    expect(email!.text).toContain('Patient: RX-204\nEye: OD (right eye)');
    expect(email!.text).toContain('Lens on the eye: Ampleye: Sagittal depth 4300 µm, Diameter 16.0 mm');
    expect(email!.text).toContain('Edge lift at 6 o’clock after an hour. Steepen the landing there?');
    expect(email!.text).toContain(`https://portal.test/admin/consults/${aConsult().consultId}`);
    expect(email!.text).not.toContain('/customer/');
  });

  it('a current lens whose design is no longer in the catalog lists its values by key', async () => {
    const { mailer, lenses, notifier } = setup();
    lenses.rows.delete('ampleye');
    await notifier.notify({ kind: 'consult-received', consult: aConsult() });
    expect(mailer.sent[0]!.text).toContain('Lens on the eye: Ampleye: sagittalDepth 4300, diameter 16');
  });

  it('a visitor’s request names their practice and license, and says it has no account yet', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({ kind: 'consult-received', consult: aPublicConsult() });
    const [email] = mailer.sent;
    expect(email!.subject).toBe('New consult request AVC-000042: Hilltop Eyecare');
    expect(email!.text).toContain('Visitor request (no account yet; license OD-1234)');
    expect(email!.text).toContain('From: Sam Visitor (sam@visitor[.]example)');
  });

  it('what a visitor typed is text under "Sent by a visitor": a URL as the practice name is no link in the subject, text or HTML', async () => {
    const { mailer, notifier } = setup();
    const consult = aPublicConsult({
      requester: {
        name: 'Sam <b>Visitor</b>',
        email: 'sam@visitor.example',
        practiceName: 'https://evil.example/\u202Elogin',
        licenceNumber: 'OD-1234',
      },
      question: 'Is <a href="https://evil.example">this</a> too much? See www.evil.example',
    });
    await notifier.notify({ kind: 'consult-received', consult });
    const [email] = mailer.sent;
    expect(email!.subject).toBe('New consult request AVC-000042: https[:]//evil[.]example/login');
    for (const part of [email!.subject, email!.text, email!.html]) {
      expect(part).not.toMatch(/https?:\/\/evil|evil\.example|www\.evil/);
    }
    // The only link is the lab's own consult page; the typed markup is shown as characters.
    expect([...email!.html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      `https://portal.test/admin/consults/${consult.consultId}`,
    ]);
    expect(email!.html).toContain('Sam &lt;b&gt;Visitor&lt;/b&gt;');
    const sentBy = email!.text.indexOf('Sent by a visitor, shown as typed');
    expect(sentBy).toBeGreaterThan(-1);
    expect(sentBy).toBeLessThan(email!.text.indexOf('Practice: https[:]//evil[.]example'));
  });

  it('a practice request without the practice’s name reads it from the customer record', async () => {
    const { mailer, notifier } = setup();
    const consult = aConsult();
    await notifier.notify({
      kind: 'consult-received',
      consult: { ...consult, requester: { ...consult.requester, practiceName: undefined } },
    });
    expect(mailer.sent[0]!.subject).toBe('New consult request AVC-000042: Clear View Optometry');
  });

  it('the practice’s question is escaped in the HTML part like every value, shown as typed in the text', async () => {
    const { mailer, notifier } = setup();
    const question = 'Is <script>alert(1)</script> a toric case?\nSecond line & more';
    await notifier.notify({ kind: 'consult-received', consult: aConsult({ question }) });
    const [email] = mailer.sent;
    expect(email!.html).toContain('Is &lt;script&gt;alert(1)&lt;/script&gt; a toric case?<br />Second line &amp; more');
    expect(email!.html).not.toContain('<script');
    expect(email!.text).toContain(question);
  });
});

describe('consult-answered: to whoever asked', () => {
  it('a practice request goes to the practice user’s current address, with the answer, the lens and a link', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({ kind: 'consult-answered', consult: withAnswer(aConsult()) });
    expect(recipients(mailer)).toEqual([['dana.new@clearview.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('The lab answered your consult AVC-000042 (patient RX-204)');
    expect(email!.text).toContain("The lab's answer:\nGo toric: 100 µm between the meridians. Keep the sag.");
    expect(email!.text).toContain(
      'Proposed lens: Ampleye: Sagittal depth 4300 µm, Diameter 16.0 mm, Landing zone Toric, Landing zone toricity 100 µm',
    );
    expect(email!.text).toContain(`See the answer and order this lens with “Order this” at ${CONSULT_PAGE}`);
    expect(email!.html).toContain(`<a href="${CONSULT_PAGE}">`);
  });

  it('a visitor gets the whole answer in the email, no link to a page they cannot open', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({ kind: 'consult-answered', consult: withAnswer(aPublicConsult()) });
    expect(recipients(mailer)).toEqual([['sam@visitor.example']]);
    const [email] = mailer.sent;
    expect(email!.text).toContain('Hello Sam Visitor,');
    expect(email!.text).toContain('Go toric: 100 µm between the meridians. Keep the sag.');
    expect(email!.text).toContain('Proposed lens: Ampleye: Sagittal depth 4300 µm');
    expect(email!.text).toContain('To order this lens, reply to this email or call the lab quoting AVC-000042.');
    expect(email!.text).not.toContain('/customer/consults');
    expect(email!.html).not.toContain('<a ');
  });

  it('a visitor’s lead the lab linked to a practice still gets the visitor’s email, without a link', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({
      kind: 'consult-answered',
      consult: withAnswer(aPublicConsult({ accountNumber: '10042' })),
    });
    expect(recipients(mailer)).toEqual([['sam@visitor.example']]);
    expect(mailer.sent[0]!.text).not.toContain('/customer/consults');
  });

  it('the answer text is escaped in the HTML part', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({
      kind: 'consult-answered',
      consult: withAnswer(aConsult(), 'Flatten <b>6 o’clock</b> & keep "sag"'),
    });
    expect(mailer.sent[0]!.html).toContain('Flatten &lt;b&gt;6 o’clock&lt;/b&gt; &amp; keep &quot;sag&quot;');
  });

  it('a proposed design no longer in the catalog lists its values by key', async () => {
    const { mailer, lenses, notifier } = setup();
    lenses.rows.delete('ampleye');
    await notifier.notify({ kind: 'consult-answered', consult: withAnswer(aConsult()) });
    expect(mailer.sent[0]!.text).toContain(
      'Proposed lens: Ampleye: sagittalDepth 4300, diameter 16, landingZone toric, landingZoneToricity 100',
    );
  });

  it('without the portal address the practice’s link is words, never a wrong link', async () => {
    const { mailer, notifier } = setup({ portalUrl: null });
    await notifier.notify({ kind: 'consult-answered', consult: withAnswer(aConsult()) });
    expect(mailer.sent[0]!.text).toContain('with “Order this” at the Lenslab Portal (Consults)');
    expect(mailer.sent[0]!.html).not.toContain('<a ');
  });

  it('uses the saved template of the kind', async () => {
    const { templates, mailer, notifier } = setup();
    await templates.save('consult-answered', { subject: 'Answer {{reference}}', body: '{{answer}}' }, 0, 'now');
    await notifier.notify({ kind: 'consult-answered', consult: withAnswer(aConsult(), 'Steepen 6') });
    expect(mailer.sent[0]).toMatchObject({ subject: 'Answer AVC-000042', text: 'Steepen 6' });
  });
});

describe('templateConsultNotifier never throws', () => {
  const everyKind: ConsultEmail[] = [
    { kind: 'consult-received', consult: aConsult() },
    { kind: 'consult-answered', consult: withAnswer(aConsult()) },
  ];

  itResolvesWhenEverySendFails(everyKind, setup, 'consult email: not sent');

  it('unreadable lookups cost only niceties: the stored address, the account number, the keys', async () => {
    const { users, customers, lenses, mailer, lines, notifier } = setup();
    users.failNext('get');
    vi.spyOn(customers, 'get').mockRejectedValue(new Error('DynamoDB unavailable'));
    vi.spyOn(lenses, 'get').mockRejectedValue(new Error('DynamoDB unavailable'));
    const consult = withAnswer(aConsult());
    await notifier.notify({
      kind: 'consult-answered',
      consult: { ...consult, requester: { ...consult.requester, practiceName: undefined } },
    });
    expect(recipients(mailer)).toEqual([['dana@example.test']]);
    expect(mailer.sent[0]!.text).toContain('for 10042, patient RX-204');
    expect(mailer.sent[0]!.text).toContain('Proposed lens: Ampleye: sagittalDepth 4300');
    const log = lines.join('\n');
    for (const what of ['requester address', 'practice name', 'proposed design']) {
      expect(log).toContain(`consult email: ${what} unavailable`);
    }
  });

  it('unreadable lab recipients: nothing is sent, it is logged, and the call resolves', async () => {
    const { templates, mailer, lines, notifier } = setup();
    templates.labRecipients = async () => {
      throw new Error('DynamoDB unavailable');
    };
    await expect(notifier.notify({ kind: 'consult-received', consult: aConsult() })).resolves.toBeUndefined();
    expect(mailer.sent).toHaveLength(0);
    expect(lines.join('\n')).toContain('consult email: nobody to send it to');
  });

  it('an unreadable template store falls back to the built-in text', async () => {
    const { templates, mailer, notifier } = setup();
    templates.failGets = true;
    await notifier.notify({ kind: 'consult-answered', consult: withAnswer(aConsult()) });
    expect(mailer.sent[0]!.subject).toMatch(/^The lab answered your consult AVC-000042/);
  });

  it('a header-injection attempt in a practice name is refused, logged and not sent', async () => {
    const { mailer, lines, notifier } = setup();
    const consult = aConsult();
    await notifier.notify({
      kind: 'consult-received',
      consult: { ...consult, requester: { ...consult.requester, practiceName: 'Eye\r\nBcc: evil@evil.test' } },
    });
    expect(mailer.sent).toHaveLength(0);
    expect(lines.join('\n')).toContain('UnsafeEmailError');
  });
});
