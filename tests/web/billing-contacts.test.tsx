import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_CONTACT_MESSAGES } from '../../core/schemas/customers/billing-contacts';
import { BillingContactsCard } from '../../web/src/features/customers';
import { contactsOf } from '../../web/src/features/customers/components/billing-contacts-card';
import { callRoute } from '../../web/src/lib/api-client';
import { seriousA11yViolations } from './support/axe';
import { answer, callsTo, renderAt } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const renderCard = () =>
  renderAt(
    '/settings',
    '/settings',
    <SessionFixture value={fakeSession()}>
      <BillingContactsCard />
    </SessionFixture>,
  );

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Settings: billing contacts of the account in view', () => {
  it('shows the saved addresses one a line and saves the edited list, lower-case, with the version read', async () => {
    answer({
      getBillingContacts: () => ({ accountNumber: 'LL-1001', contacts: ['ap@lee.test'], version: 4 }),
      updateBillingContacts: (input) => ({ accountNumber: 'LL-1001', contacts: input['contacts'], version: 5 }),
    });
    const user = renderCard();
    const field = await screen.findByRole('textbox', { name: 'Billing contact emails' });
    expect(field).toHaveValue('ap@lee.test');
    expect(screen.getByRole('region', { name: 'Billing contacts' })).toHaveTextContent('account LL-1001');

    await user.type(field, '\nOwner@Lee.test');
    await user.click(screen.getByRole('button', { name: 'Save billing contacts' }));
    await vi.waitFor(() =>
      expect(callsTo('updateBillingContacts')).toEqual([
        { accountNumber: 'LL-1001', contacts: ['ap@lee.test', 'owner@lee.test'], version: 4 },
      ]),
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('an address listed twice is refused beside the field before anything is sent', async () => {
    answer({ getBillingContacts: () => ({ accountNumber: 'LL-1001', contacts: [], version: 0 }) });
    const user = renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Billing contact emails' }), 'ap@lee.test\nAP@lee.test');
    await user.click(screen.getByRole('button', { name: 'Save billing contacts' }));
    expect(await screen.findByText(BILLING_CONTACT_MESSAGES.twice)).toBeVisible();
    expect(callsTo('updateBillingContacts')).toEqual([]);
  });

  it('reads lines, commas and semicolons as separators and skips blanks', () => {
    expect(contactsOf(' a@x.test\n\nb@x.test, c@x.test;d@x.test ')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
    ]);
  });
});
