import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountRequestFormSchema } from '../../core/schemas/account-requests';
import {
  AccountRequestForm,
  type AccountRequestFormProps,
} from '../../web/src/features/account-requests/components/account-request-form';
import { CallableError } from '../../web/src/lib/callable-error';

const GROUPS = [
  { buyingGroupId: 'vision-source', name: 'Vision Source' },
  { buyingGroupId: 'none', name: 'Independent (no buying group)' },
];

function renderForm(onSubmit: AccountRequestFormProps['onSubmit'] = vi.fn(async () => undefined)) {
  render(
    <AccountRequestForm
      buyingGroups={GROUPS}
      defaults={{ email: 'jamie@clearsight.test', contactName: 'Jamie Lindqvist' }}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const submitButton = () => screen.getByRole('button', { name: 'Request account number' });

async function fillValidRequest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Practice name'), 'ClearSight Optometry');
  await user.type(screen.getByLabelText('Phone'), '(503) 555-0100');
  await user.type(screen.getByLabelText('Address'), '12 Lens Lane');
  await user.type(screen.getByLabelText('City'), 'Salem');
  await user.type(screen.getByLabelText('State'), 'OR');
  await user.type(screen.getByLabelText('ZIP code'), '97301');
  await user.type(screen.getByLabelText('State license number'), 'OR-12345');
  await user.selectOptions(screen.getByLabelText('Buying group'), 'vision-source');
}

describe('account request form (spec 2 /auth/request, one schema for form and server)', () => {
  it("shows the shared schema's message beside each missing field and sends nothing", async () => {
    const { onSubmit, user } = renderForm();
    await user.click(submitButton());

    // The check runs asynchronously (the form library's resolver): wait for its first message.
    await waitFor(() =>
      expect(screen.getByLabelText('Practice name')).toHaveAccessibleDescription('Practice name is required'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Phone is required');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(screen.getByLabelText('Buying group')).toHaveAccessibleDescription('Choose a buying group');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    // Keyboard and screen-reader users land on the first field to fix.
    expect(screen.getByLabelText('Practice name')).toHaveFocus();
  });

  it('a field message goes away once the field is edited', async () => {
    const { user } = renderForm();
    await user.click(submitButton());
    await user.type(screen.getByLabelText('Practice name'), 'C');
    expect(screen.getByLabelText('Practice name')).not.toHaveAccessibleDescription('Practice name is required');
    expect(screen.getByLabelText('Practice name')).not.toBeInvalid();
  });

  it('"I already have an account number" reveals the account number field, checked with the same schema', async () => {
    const { onSubmit, user } = renderForm();
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'I already have an account number' }));
    await fillValidRequest(user);
    await user.type(screen.getByLabelText('Account number'), 'CS 30/01');
    await user.click(submitButton());

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      expect.stringContaining('Not a valid account number'),
    );
  });

  it("sends values the server's schema accepts, with the account number only when the box is ticked", async () => {
    const { onSubmit, user } = renderForm();
    await fillValidRequest(user);
    await user.click(submitButton());

    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = vi.mocked(onSubmit).mock.calls[0]![0];
    expect(accountRequestFormSchema.safeParse(sent).success).toBe(true);
    expect(sent).toMatchObject({
      practiceName: 'ClearSight Optometry',
      email: 'jamie@clearsight.test',
      contactName: 'Jamie Lindqvist',
      address: { address: '12 Lens Lane', city: 'Salem', state: 'OR', zip: '97301' },
      buyingGroupId: 'vision-source',
      existingAccountNumber: '',
    });
  });

  it("maps the server's field errors onto their fields, nested paths included", async () => {
    const onSubmit = vi.fn(async () => {
      throw new CallableError({
        route: 'submitAccountRequest',
        httpStatus: 400,
        status: 'invalid-argument',
        message: 'Some fields are not valid',
        fieldErrors: {
          'address.zip': ['Enter a valid ZIP code'],
          buyingGroupId: ['Choose a buying group from the list'],
        },
      });
    });
    const { user } = renderForm(onSubmit);
    await fillValidRequest(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid');
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('Enter a valid ZIP code');
    expect(screen.getByLabelText('ZIP code')).toBeInvalid();
    expect(screen.getByLabelText('Buying group')).toHaveAccessibleDescription('Choose a buying group from the list');
    expect(screen.getByLabelText('ZIP code')).toHaveFocus();
  });

  it("shows the server's message for a refusal without field errors (e.g. email not verified)", async () => {
    const onSubmit = vi.fn(async () => {
      throw new CallableError({
        route: 'submitAccountRequest',
        httpStatus: 403,
        status: 'permission-denied',
        message: 'Verify your email address before requesting an account number.',
      });
    });
    const { user } = renderForm(onSubmit);
    await fillValidRequest(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verify your email address before requesting an account number.',
    );
  });

  it('disables the button while sending; a second submit sends nothing', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderForm(onSubmit);
    await fillValidRequest(user);
    await user.click(submitButton());

    const sending = screen.getByRole('button', { name: /Sending request/ });
    expect(sending).toBeDisabled();
    await user.click(sending);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish();
    expect(await screen.findByRole('button', { name: 'Request account number' })).toBeEnabled();
  });

  it('a rejected request sent again starts from its own values, account number included', () => {
    render(
      <AccountRequestForm
        buyingGroups={GROUPS}
        defaults={{ email: 'jamie@clearsight.test', contactName: 'Jamie Lindqvist' }}
        previous={{
          requestId: 'u-9',
          userId: 'u-9',
          userEmail: 'jamie@clearsight.test',
          practiceName: 'ClearSight Optometry',
          contactName: 'Jamie L.',
          email: 'office@clearsight.test',
          phone: '(503) 555-0100',
          address: { address: '12 Lens Lane', city: 'Salem', state: 'OR', zip: '97301' },
          stateLicenseNumber: 'OR-1',
          buyingGroupId: 'none',
          existingAccountNumber: 'CS-3001',
          status: 'rejected',
          rejectionReason: 'License number unknown',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-02T00:00:00.000Z',
        }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Email')).toHaveValue('office@clearsight.test');
    expect(screen.getByLabelText('City')).toHaveValue('Salem');
    expect(screen.getByLabelText('Buying group')).toHaveValue('none');
    expect(screen.getByRole('checkbox', { name: 'I already have an account number' })).toBeChecked();
    expect(screen.getByLabelText('Account number')).toHaveValue('CS-3001');
  });

  it('offers the buying groups of listBuyingGroups', () => {
    renderForm();
    const select = screen.getByLabelText('Buying group');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a buying group', 'Vision Source', 'Independent (no buying group)']);
  });

  it('spec 8: buying groups that could not be loaded say why, in the customer API wording', () => {
    render(
      <AccountRequestForm
        buyingGroups={[]}
        buyingGroupsError="API returned status 503: Service Unavailable"
        defaults={{ email: 'jamie@clearsight.test', contactName: 'Jamie Lindqvist' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Buying group')).toHaveAccessibleDescription(
      'The buying groups could not be loaded (API returned status 503: Service Unavailable). Reload the page to try again.',
    );
  });

  it('a deactivated buying group is not offered', () => {
    render(
      <AccountRequestForm
        buyingGroups={[...GROUPS, { buyingGroupId: 'pecaa', name: 'PECAA', active: false }]}
        defaults={{ email: 'jamie@clearsight.test', contactName: 'Jamie Lindqvist' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(within(screen.getByLabelText('Buying group')).queryByRole('option', { name: 'PECAA' })).toBeNull();
  });
});
