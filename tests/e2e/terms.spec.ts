import { expect, test } from '@playwright/test';
import { demo, screenshotForReview, signIn } from './support/portal';

test.describe('the terms page (spec 2 "Terms page", spec 4 "Terms", spec 5)', () => {
  // The stack is shared by the whole run: this is the only test that accepts the terms of the terms-pending
  // demo customer (local/seed/demo-data.ts), so it must stay the only one to sign that user in.
  test('a customer who has not accepted the terms is sent to /terms, reads the PDF, ticks the box and accepts', async ({
    page,
    context,
  }) => {
    const customer = demo('termsPending');
    await page.goto('/auth/login');
    const pdfServed = page.waitForResponse((r) => r.url().endsWith('/terms.pdf'));
    await signIn(page, customer);

    // spec 4 home navigation: a customer who has not accepted the terms goes to /terms.
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page).toHaveTitle('Terms and Conditions | Lenslab Portal');
    const documentFrame = page.locator('iframe[title="Terms and Conditions document (PDF)"]');
    await expect(documentFrame).toBeVisible();
    await expect(documentFrame).toHaveAttribute('src', /\/terms\.pdf$/);
    const pdf = await pdfServed;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    // spec 2, 5: 'Accept Terms' stays disabled until 'I agree to the Terms and Conditions' is ticked.
    const agree = page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
    const accept = page.getByRole('button', { name: 'Accept Terms' });
    await expect(agree).not.toBeChecked();
    await expect(accept).toBeDisabled();
    await screenshotForReview(page, 'terms-page');

    // spec 2: the agreement's link opens the terms document in a new tab.
    const link = page.getByRole('link', { name: /^Terms and Conditions/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const [pdfTab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect.poll(() => pdfTab.url()).toMatch(/\/terms\.pdf$/);
    await pdfTab.close();

    await agree.check();
    await expect(accept).toBeEnabled();
    await agree.uncheck();
    await expect(accept).toBeDisabled();
    await agree.check();

    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/acceptTerms'));
    await accept.click();
    expect((await recorded).status()).toBe(200);
    await expect(page).toHaveURL(/\/customer\/home$/);
    await expect(page.getByText(`Welcome back, ${customer.firstName}.`)).toBeVisible();

    // The acceptance is recorded server-side: a new page load does not ask again, and /terms sends the
    // customer home (spec 2 "a user who already accepted goes to their home location").
    await page.reload();
    await expect(page).toHaveURL(/\/customer\/home$/);
    await expect(page.getByText(`Welcome back, ${customer.firstName}.`)).toBeVisible();
    await page.goto('/terms');
    await expect(page).toHaveURL(/\/customer\/home$/);
  });
});
