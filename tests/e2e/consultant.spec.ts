import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CONSULT_REFERENCE_PATTERN } from '../../core/rules/consult-reference';
import { listEmails, waitForEmail, type StoredEmail } from '../support/mailbox';
import { horizontalOverflow, screenshot, seriousA11yViolations } from './support/page-review';
import { demo, mailboxUrl, sidebar, signIn, signedInPage } from './support/portal';

/**
 * The Ampleye Virtual Consultant in the browser: a visitor runs the troubleshooter and asks the lab without
 * signing in; a practice sends a consult with a photo, the lab answers it with a parameter set and the
 * practice orders that answer ("Order this"); and screenshots of the troubleshooter's later steps at three widths
 * for a person to look at (every page is reviewed in every-page.spec.ts). Each journey makes its own consults
 * (unique patient references), so it depends on no other spec's data.
 */

const SLOW = { timeout: 20_000 };
// The stack runs on a shared 2-core machine: generous, bounded, as in money.spec.ts.
test.describe.configure({ timeout: 120_000 });

/** A short suffix unique to this run, so a rerun against the same stack never meets an earlier run's consults. */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`.toUpperCase();

const OVERVIEW = '/ampleye-virtual-consultant';
const TROUBLESHOOTER = `${OVERVIEW}/troubleshooter`;
const ASK = `${OVERVIEW}/ask`;

/** What the troubleshooter answers for the journeys' findings (an Ampleye at 4400 µm, 450 µm after 30 min). */
const SAG_DECREASE = 'Decrease the sag by 150 µm';
const TORIC_LANDING = 'Change to a toric landing';
const DECISION_SUPPORT = /decision support for the licensed fitter/;

/** A small but real PNG (16 x 16, one colour), so the allowlist and the server's signature check accept it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mM4YaNBEmIY1TCqYfhqAAAeBCwQMd+aqQAAAABJRU5ErkJggg==',
  'base64',
);

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(await seriousA11yViolations(page), `axe on ${where}`).toEqual([]);
}

const clockHour = (page: Page, hour: number) => page.getByRole('button', { name: new RegExp(`^${hour} o'clock: `) });
const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^Step \\d of 6 ?: ${title}$`) });

/** Steps 1 and 2: an Ampleye of 4400 µm sag with a spherical landing, 450 µm centrally after 30 minutes. */
async function fillLensAndWear(page: Page, eye: 'OD' | 'OS') {
  await expect(stepHeading(page, 'Current lens')).toBeVisible();
  const design = page.getByLabel('Lens design');
  // The designs come from the lab's setup (a public call): wait for Ampleye to be offered.
  await expect(design.locator('option[value="ampleye"]')).toBeAttached(SLOW);
  await design.selectOption('ampleye');
  await page.getByLabel('Diameter (mm)').fill('16');
  await page.getByLabel('Sag (µm)').fill('4400');
  await page.getByRole('radio', { name: 'Spherical' }).check();
  await page.getByLabel('Eye (optional)').selectOption(eye);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Wear time and clearance')).toBeVisible();
  await expect(stepHeading(page, 'Wear time and clearance')).toBeFocused();
  await page.getByLabel('Minutes on eye').fill('30');
  await page.getByLabel('Central clearance (µm)').fill('450');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Landing by clock hour')).toBeVisible();
}

/** Steps 4 and 5 left as they are, to the result. */
async function finishToSuggestions(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Tests and symptoms')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Over-refraction')).toBeVisible();
  await page.getByRole('button', { name: 'See suggestions' }).click();
  await expect(stepHeading(page, 'Suggestions')).toBeVisible();
}

/** The troubleshooter with the landing marked in the list of selects (the clock face's alternative). */
async function runTroubleshooterWithTheList(page: Page, eye: 'OD' | 'OS') {
  await page.goto(TROUBLESHOOTER);
  await fillLensAndWear(page, eye);
  const list = page.getByRole('group', { name: 'The same findings as a list' });
  for (const [hour, finding] of [
    [12, 'edge-lift'],
    [3, 'blanching'],
    [6, 'edge-lift'],
    [9, 'blanching'],
  ] as const)
    await list.getByLabel(`${hour} o'clock`, { exact: true }).selectOption(finding);
  await expect(clockHour(page, 3)).toHaveAccessibleName("3 o'clock: Blanching (compression)");
  await finishToSuggestions(page);
}

/** The first email whose subject names `text`, whoever it went to (Email Management sets the lab's recipients). */
async function waitForSubject(request: APIRequestContext, text: string): Promise<StoredEmail> {
  const url = await mailboxUrl(request);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = (await listEmails(url)).find((e) => e.subject.includes(text));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email with "${text}" in its subject`);
}

/** The row of a consult in a table, by its reference link. */
const consultRow = (page: Page, reference: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: reference, exact: true }) });

/** A parameter field of the order form's line or the reply form, by its exact label. */
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

test.describe('Ampleye Virtual Consultant', () => {
  test('a visitor runs the troubleshooter without signing in, sees the suggestions with their lab defaults, and asks a consultant with only a reference number back', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(OVERVIEW);
    await expect(page).toHaveTitle(/^Ampleye Virtual Consultant/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ampleye Virtual Consultant' })).toBeVisible(SLOW);
    // A public page: no portal sidebar, no session check in front of it.
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByText('Verifying session...')).toHaveCount(0);
    await expect(page.getByText(DECISION_SUPPORT)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the consultant overview');

    await page.getByRole('link', { name: 'Start the troubleshooter' }).click();
    await expect(page).toHaveURL(TROUBLESHOOTER);
    // A deep link: the troubleshooter's own address loads on its own.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Scleral fit troubleshooter' })).toBeVisible(SLOW);
    await expect(sidebar(page)).toHaveCount(0);

    await fillLensAndWear(page, 'OD');

    // The landing by keyboard on the clock face: one tab stop, arrows move, letters choose the finding.
    await clockHour(page, 12).focus();
    await page.keyboard.press('e');
    await expect(clockHour(page, 12)).toHaveAccessibleName("12 o'clock: Edge lift");
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(clockHour(page, 3)).toBeFocused();
    await page.keyboard.press('b');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter'); // Enter steps through the findings: aligned, then edge lift
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('b');
    await expect(clockHour(page, 3)).toHaveAccessibleName("3 o'clock: Blanching (compression)");
    await expect(clockHour(page, 6)).toHaveAccessibleName("6 o'clock: Edge lift");
    await expect(clockHour(page, 9)).toHaveAccessibleName("9 o'clock: Blanching (compression)");
    await expect(clockHour(page, 1)).toHaveAccessibleName("1 o'clock: Not recorded");
    // The list shows the same findings.
    const list = page.getByRole('group', { name: 'The same findings as a list' });
    await expect(list.getByLabel("6 o'clock", { exact: true })).toHaveValue('edge-lift');
    await expectNoSeriousA11yViolations(page, 'the troubleshooter (clock face)');

    await finishToSuggestions(page);
    const suggestions = page.getByRole('region', { name: 'Suggestions' });
    await expect(suggestions.getByText(SAG_DECREASE)).toBeVisible();
    await expect(suggestions.getByText(TORIC_LANDING)).toBeVisible();
    await expect(suggestions.getByText('Lab default', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Expected settled central clearance: about 400 µm/)).toBeVisible();
    await expect(page.getByText(DECISION_SUPPORT)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the troubleshooter result');

    await page.getByRole('button', { name: 'Ask a consultant about this' }).click();
    await expect(page).toHaveURL(ASK);
    const carried = page.getByRole('region', { name: 'From the troubleshooter' });
    await expect(carried.getByText(SAG_DECREASE)).toBeVisible(SLOW);
    // The visitor sees the public form, not a signed-in practice's way to its account.
    await expect(page.getByRole('heading', { name: 'You are signed in' })).toHaveCount(0);
    const practice = `Harbour Eye Care ${unique()}`;
    await page.getByLabel('Practice name').fill(practice);
    await page.getByLabel('Your name').fill('Dr. Rowan Ellis');
    await page.getByLabel('Email').fill(`rowan.${unique().toLowerCase()}@harbour-eye.test`);
    await page.getByLabel('License number').fill('OD-77120');
    await page.getByLabel('Patient initials').fill('JM');
    // The eye and the lens came over from the troubleshooter.
    await expect(page.getByRole('radio', { name: 'OD (right eye)' })).toBeChecked();
    await expect(page.getByLabel('Current lens')).toHaveValue('ampleye');
    await page
      .getByLabel('Question')
      .fill('Central clearance 450 µm at 30 minutes, blanching at 3 and 9: how much sag?');
    await expectNoSeriousA11yViolations(page, 'the ask form');
    await page.getByRole('button', { name: 'Send to a consultant' }).click();

    await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible(SLOW);
    const reference = (await page.locator('strong', { hasText: /^AVC-/ }).textContent()) ?? '';
    expect(reference).toMatch(CONSULT_REFERENCE_PATTERN);
    // Only the reference comes back: the form and the findings are gone.
    await expect(page.getByLabel('Practice name')).toHaveCount(0);
    await expect(carried).toHaveCount(0);

    const email = await waitForSubject(request, reference);
    expect(email.subject).toBe(`New consult request ${reference}: ${practice}`);
    const body = email.body.text ?? email.body.html ?? '';
    expect(body).toContain(`consult ${reference} waits for an answer`);
    // The lens as the lab reads it on an order, with labels and units.
    expect(body).toContain('Lens on the eye: Ampleye: Sagittal depth 4400 µm, Diameter 16.0 mm');
  });

  test('a practice sends a consult with a photo, the lab answers with a parameter set, and the practice orders it', async ({
    page,
    browser,
    request,
  }) => {
    const patient = `Consult patient ${unique()}`;
    const fileName = `slit-lamp-${unique().toLowerCase()}.png`;
    await page.setViewportSize({ width: 1280, height: 900 });

    // The fitter runs the troubleshooter first; the findings wait in this tab while they sign in from the
    // consultant's header, and the account's own request form takes them over. Only in-app navigation after
    // signing in: a page load right then would race the sign-in's activity record (as in money.spec.ts).
    await runTroubleshooterWithTheList(page, 'OS');
    await page.getByRole('button', { name: 'Ask a consultant about this' }).click();
    await expect(page).toHaveURL(ASK);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    // The ask form has an Email field too: sign in only once the sign-in page has replaced it.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await signIn(page, demo('customer'));
    await expect(page).toHaveURL(/\/customer\/home$/, SLOW);
    await sidebar(page).getByRole('link', { name: 'Consults' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Consults' })).toBeVisible();
    await page.getByRole('link', { name: 'Ask a consultant' }).first().click();
    await expect(page).toHaveURL(/\/customer\/consults\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ask a Consultant' })).toBeVisible();

    const findings = page.getByRole('region', { name: 'Troubleshooter findings' });
    await expect(findings.getByText(SAG_DECREASE)).toBeVisible(SLOW);
    await page.getByLabel('Patient reference').fill(patient);
    await expect(page.getByRole('radio', { name: 'OS (left eye)' })).toBeChecked();
    // The demo practice has no shipped Ampleye order: the lens on the eye is typed in.
    await page.getByRole('radio', { name: 'Type it in' }).check();
    await page.getByLabel('Lens design').selectOption('ampleye');
    const typed = page.getByRole('group', { name: /^Parameters of Ampleye/ });
    await field(typed, 'Sagittal depth (optional)').fill('4400');
    await field(typed, 'Diameter (optional)').fill('16');
    await field(typed, 'Landing zone (optional)').selectOption('spherical');
    await field(typed, 'Sphere (optional)').fill('-3.00');
    await field(typed, 'Material (optional)').selectOption('boston-xo2');
    await field(typed, 'Surface treatment (optional)').selectOption('plasma');
    await page
      .getByLabel('Question for the consultant')
      .fill('Too much clearance and a toric sclera: what would you change?');
    await page.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('list', { name: 'Files to attach' }).getByText(fileName)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the new consult form');
    await page.getByRole('button', { name: 'Send to the lab' }).click();

    // Sent, the photo uploaded: the consult's own page.
    await expect(page).toHaveURL(/\/customer\/consults\/[0-9a-f-]{36}$/, SLOW);
    const title = page.getByRole('heading', {
      level: 1,
      name: new RegExp(`^Consult ${CONSULT_REFERENCE_PATTERN.source.slice(1)}`),
    });
    await expect(title).toBeVisible(SLOW);
    const reference = ((await title.textContent()) ?? '').replace('Consult ', '');
    await expect(page.getByRole('list', { name: 'Attached files' }).getByText(fileName)).toBeVisible(SLOW);
    await expect(page.getByText(/^The lab answers within 1 business day/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the practice’s consult (waiting)');

    // The lab finds it in New, oldest first, with its age.
    const lab = await signedInPage(browser, 'admin');
    await sidebar(lab).getByRole('link', { name: 'Consults' }).click();
    await expect(lab).toHaveURL(/\/admin\/consults$/);
    await expect(lab.getByRole('tab', { name: 'New', selected: true })).toBeVisible();
    const row = consultRow(lab, reference);
    await expect(row).toBeVisible(SLOW);
    await expect(row).toContainText(patient);
    // The Waiting column: how long each has waited (its time element holds when it was sent), oldest first.
    await expect(row.locator('time')).toHaveText(/^(under 1 h|\d+ h)/);
    const waiting = await lab.getByRole('table').locator('tbody time[datetime]').all();
    const sentTimes = await Promise.all(waiting.map((time) => time.getAttribute('datetime')));
    expect(sentTimes.length).toBeGreaterThan(1);
    expect([...sentTimes].sort()).toEqual(sentTimes);
    await expectNoSeriousA11yViolations(lab, 'the lab’s consult queue');

    await row.getByRole('link', { name: reference }).click();
    await expect(lab.getByRole('heading', { level: 1, name: `Consult ${reference}` })).toBeVisible(SLOW);
    const observations = lab.getByRole('region', { name: 'Observations' });
    await expect(observations).toContainText('450 µm');
    await expect(lab.getByRole('region', { name: 'Suggestions' }).getByText(SAG_DECREASE)).toBeVisible();
    await expect(lab.getByRole('img', { name: `Preview of ${fileName}` })).toBeVisible(SLOW);
    await expectNoSeriousA11yViolations(lab, 'the lab’s consult detail');

    const answer = lab.getByRole('form', { name: 'Answer' });
    await answer
      .getByLabel('Answer', { exact: true })
      .fill('Take 150 µm of sag off and go to a toric landing with 100 µm toricity. Power unchanged.');
    await answer.getByRole('button', { name: 'Start from the suggestions' }).click();
    await expect(answer.getByText(/Filled from the current lens with 2 suggested changes applied/)).toBeVisible();
    await expect(field(answer, 'Sagittal depth')).toHaveValue('4250');
    await expect(field(answer, 'Landing zone')).toHaveValue('toric');
    await field(answer, 'Landing zone toricity (optional)').fill('100');
    await expect(answer.getByText('Changed from 4400 µm')).toBeVisible();
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(lab.getByRole('button', { name: 'Change the answer' })).toBeVisible(SLOW);

    // The practice is emailed, sees the answer and orders it.
    const answered = await waitForEmail(
      await mailboxUrl(request),
      demo('customer').email,
      (e) => e.subject.includes(reference),
      20_000,
    );
    expect(answered.subject).toBe(`The lab answered your consult ${reference} (patient ${patient})`);

    await sidebar(page).getByRole('link', { name: 'Consults' }).click();
    await expect(page).toHaveURL(/\/customer\/consults$/);
    const practiceRow = consultRow(page, reference);
    await expect(practiceRow.getByText('Answered', { exact: true })).toBeVisible(SLOW);
    await expectNoSeriousA11yViolations(page, 'the practice’s consult list');
    await practiceRow.getByRole('link', { name: reference }).click();
    const labAnswer = page.getByRole('region', { name: "The lab's answer" });
    await expect(labAnswer).toContainText('Take 150 µm of sag off', SLOW);
    await expectNoSeriousA11yViolations(page, 'the practice’s consult (answered)');
    await labAnswer.getByRole('link', { name: 'Order this' }).click();

    await expect(page).toHaveURL(/\/customer\/order\?consult=/);
    await expect(page.getByText(`The lab's answer to consult ${reference} is filled in for OS (left eye)`)).toBeVisible(
      SLOW,
    );
    await expect(page.getByLabel('Patient name or reference')).toHaveValue(patient);
    const os = page.getByRole('region', { name: /OS/ });
    await expect(os.getByLabel('Lens design, OS')).toHaveValue('ampleye');
    await expect(field(os, 'Sagittal depth')).toHaveValue('4250');
    await expect(field(os, 'Landing zone')).toHaveValue('toric');
    await expect(field(os, 'Landing zone toricity (optional)')).toHaveValue('100');
    await expect(field(os, 'Diameter')).toHaveValue('16');
    await expect(os.getByText('Changed from 4400 µm')).toBeVisible();
    await expect(os.getByText('Changed from Spherical')).toBeVisible();
    await page.getByRole('button', { name: 'Review and submit' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Submit this order?' });
    await confirm.getByRole('button', { name: 'Submit order' }).click();
    await expect(page.getByRole('heading', { name: /^Order .+ submitted$/ })).toBeVisible(SLOW);

    // The consult shows Ordered for the practice and in the lab's Ordered tab.
    await sidebar(page).getByRole('link', { name: 'Consults' }).click();
    await expect(consultRow(page, reference).getByText('Ordered', { exact: true })).toBeVisible(SLOW);
    await sidebar(lab).getByRole('link', { name: 'Consults' }).click();
    await lab.getByRole('tab', { name: 'Ordered' }).click();
    await expect(consultRow(lab, reference)).toBeVisible(SLOW);
    await lab.context().close();
  });

  test('screenshots of the troubleshooter\u2019s landing step and result at 375, 768 and 1280 px for a person to look at, none scrolling sideways', async ({
    page,
  }) => {
    // The consultant's other pages are reviewed with every page of the portal (every-page.spec.ts); these two
    // steps are reached only by filling in the steps before them.
    const widths = [375, 768, 1280] as const;
    const overflowing: string[] = [];
    async function shootAtEveryWidth(p: Page, name: string) {
      for (const width of widths) {
        await p.setViewportSize({ width, height: 900 });
        await screenshot(p, `consultant-${name}-${width}`);
        if ((await horizontalOverflow(p)) > 0) overflowing.push(`${name} at ${width}`);
      }
      await p.setViewportSize({ width: 1280, height: 900 });
    }

    // The landing step (the clock face, 3 o'clock marked by clicks) and the result.
    await page.goto(TROUBLESHOOTER);
    await fillLensAndWear(page, 'OD');
    for (let i = 0; i < 3; i++) await clockHour(page, 3).click();
    await expect(clockHour(page, 3)).toHaveAccessibleName("3 o'clock: Blanching (compression)");
    await shootAtEveryWidth(page, 'troubleshooter-landing');
    await finishToSuggestions(page);
    await shootAtEveryWidth(page, 'troubleshooter-result');
    expect(overflowing, 'pages that scroll sideways').toEqual([]);
  });
});
