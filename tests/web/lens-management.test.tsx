import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WARRANTY_POLICY, type LensDesign } from '../../core/schemas/lenses';
import LensManagementRoute from '../../web/src/app/routes/admin/lens-management';
import { parameterKeyOf } from '../../web/src/features/lenses/components/lens-values';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { scleralParameters } from '../support/lens-fakes';
import { answer, callsTo, type Handler, withQueries } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const HORIZON: LensDesign = {
  lensId: 'scleral-horizon',
  name: 'Horizon Scleral',
  type: 'scleral',
  description: 'Sag-based scleral',
  parameters: scleralParameters(),
  priceCents: 39500,
  warrantyDays: 120,
  warranty: { exchangesPerEye: 2, exchangeFeeCents: 2500, cancellationCreditPercent: 80, returnRequired: true },
  active: true,
  version: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};
const LEGACY: LensDesign = {
  ...HORIZON,
  lensId: 'soft-legacy',
  name: 'KeraSoft Legacy',
  type: 'custom-soft',
  active: false,
};

const listing: Handler = (input) => ({ items: input['includeInactive'] ? [HORIZON, LEGACY] : [HORIZON] });

function renderPage() {
  render(withQueries(<LensManagementRoute />));
  return userEvent.setup();
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Lens Management list', () => {
  it('shows each design with type, price, warranty and an active badge; "All designs" asks for inactive ones', async () => {
    answer({ listLensDesigns: listing });
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Lens designs' });
    const row = within(table).getByText('Horizon Scleral').closest('tr')!;
    expect(within(row).getByText('Scleral')).toBeInTheDocument();
    expect(within(row).getByText('$395.00')).toBeInTheDocument();
    expect(within(row).getByText('120 days')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('KeraSoft Legacy')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    expect(await screen.findByText('KeraSoft Legacy')).toBeInTheDocument();
    expect(callsTo('listLensDesigns').at(-1)).toEqual({ includeInactive: true });
    const legacyRow = screen.getByText('KeraSoft Legacy').closest('tr')!;
    expect(within(legacyRow).getByText('Inactive')).toBeInTheDocument();
  });

  it('deactivating asks first, then sends the design with active false and the version read', async () => {
    answer({ listLensDesigns: listing, updateLensDesign: (input) => ({ ...HORIZON, ...input, version: 4 }) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Horizon Scleral' }));
    const dialog = screen.getByRole('alertdialog');
    expect(callsTo('updateLensDesign')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect(callsTo('updateLensDesign')[0]).toMatchObject({ lensId: 'scleral-horizon', version: 3, active: false });
    expect(callsTo('updateLensDesign')[0]).not.toHaveProperty('createdAt');
  });
});

describe('Lens design editor', () => {
  it('creates a design with a number and an option parameter; the key follows the label; price is sent in cents', async () => {
    answer({ listLensDesigns: listing, createLensDesign: (input) => ({ ...HORIZON, ...input, lensId: 'scl-new' }) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New lens design' }));
    const dialog = screen.getByRole('dialog', { name: 'New lens design' });
    await user.type(within(dialog).getByLabelText('Name'), 'Test Scleral');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'scleral');
    await user.type(within(dialog).getByLabelText('Price per lens (USD)'), '395.50');

    await user.click(within(dialog).getByRole('button', { name: 'Add number parameter' }));
    const first = within(dialog).getByRole('listitem', { name: 'Parameter 1' });
    await user.type(within(first).getByLabelText('Label'), 'Base curve');
    await user.selectOptions(within(first).getByLabelText('Unit'), 'mm');
    await user.type(within(first).getByLabelText('Min'), '6.5');
    await user.type(within(first).getByLabelText('Max'), '8.5');
    await user.clear(within(first).getByLabelText('Step'));
    await user.type(within(first).getByLabelText('Step'), '0.01');

    await user.click(within(dialog).getByRole('button', { name: 'Add option parameter' }));
    const second = within(dialog).getByRole('listitem', { name: 'Parameter 2' });
    await user.type(within(second).getByLabelText('Label'), 'Material');
    await user.type(within(second).getByLabelText('Option 1 value'), 'xo2');
    await user.type(within(second).getByLabelText('Option 1 label'), 'Boston XO2 (Dk 141)');
    await user.click(within(second).getByRole('button', { name: 'Remove option 1 of Material' }));
    expect(within(second).getByLabelText('Option 1 value')).toBeInTheDocument(); // the last option stays
    await user.click(within(second).getByLabelText('Required'));

    await user.click(within(dialog).getByRole('button', { name: 'Create design' }));
    await waitFor(() => expect(callsTo('createLensDesign')).toHaveLength(1));
    expect(callsTo('createLensDesign')[0]).toEqual({
      name: 'Test Scleral',
      type: 'scleral',
      priceCents: 39550,
      warrantyDays: 90,
      warranty: DEFAULT_WARRANTY_POLICY,
      active: true,
      parameters: [
        {
          kind: 'number',
          key: 'baseCurve',
          label: 'Base curve',
          unit: 'mm',
          min: 6.5,
          max: 8.5,
          step: 0.01,
          required: true,
        },
        {
          kind: 'option',
          key: 'material',
          label: 'Material',
          options: [{ value: 'xo2', label: 'Boston XO2 (Dk 141)' }],
          required: false,
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the shared schema messages beside the fields and sends nothing', async () => {
    answer({ listLensDesigns: listing });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New lens design' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create design' }));
    expect(await within(dialog).findByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a lens type')).toBeInTheDocument();
    expect(within(dialog).getByText('Price must be a number')).toBeInTheDocument();
    expect(within(dialog).getByText('A design needs at least one parameter')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add number parameter' }));
    const row = within(dialog).getByRole('listitem', { name: 'Parameter 1' });
    await user.type(within(row).getByLabelText('Label'), 'Sphere');
    await user.type(within(row).getByLabelText('Min'), '5');
    await user.type(within(row).getByLabelText('Max'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Create design' }));
    expect(await within(dialog).findByText('Min must not be more than max')).toBeInTheDocument();
    expect(within(row).getByLabelText('Max')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('createLensDesign')).toHaveLength(0);
  });

  it("a bad field gets the schema's message beside it and the focus, and nothing is sent", async () => {
    answer({ listLensDesigns: listing });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(within(dialog).getByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(callsTo('updateLensDesign')).toHaveLength(0);

    // The price is typed in dollars; its message (the form's own) sits on it too.
    await user.type(name, 'Horizon Scleral');
    const price = within(dialog).getByLabelText('Price per lens (USD)');
    await user.clear(price);
    await user.type(price, 'a lot');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAccessibleDescription(/Price must be a number/);
    expect(callsTo('updateLensDesign')).toHaveLength(0);
  });

  it("the parameter list's own message and a parameter's message show together", async () => {
    answer({ listLensDesigns: listing });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
    const sag = within(dialog).getByRole('listitem', { name: 'Sagittal depth' });
    const material = within(dialog).getByRole('listitem', { name: 'Material' });
    await user.clear(within(sag).getByLabelText('Max'));
    await user.type(within(sag).getByLabelText('Max'), '100');
    await user.clear(within(material).getByLabelText('Key'));
    await user.type(within(material).getByLabelText('Key'), 'sagittalDepth');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('A parameter key is used twice')).toBeInTheDocument();
    expect(within(sag).getByLabelText('Max')).toHaveAccessibleDescription('Min must not be more than max');
    expect(callsTo('updateLensDesign')).toHaveLength(0);
  });

  it("shows the server's field errors beside the field they name", async () => {
    answer({
      listLensDesigns: listing,
      updateLensDesign: () => {
        throw new CallableError({
          route: 'updateLensDesign',
          httpStatus: 400,
          message: 'Please check the fields',
          fieldErrors: { 'parameters.0.label': ['Label is too long'] },
        });
      },
    });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const row = within(dialog).getByRole('listitem', { name: 'Sagittal depth' });
    expect(await within(row).findByText('Label is too long')).toBeInTheDocument();
  });

  it('reorders parameters and saves them in the new order with the version read', async () => {
    answer({ listLensDesigns: listing, updateLensDesign: (input) => ({ ...HORIZON, ...input, version: 4 }) });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
    expect(within(dialog).getByRole('button', { name: 'Move Sagittal depth up' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Move Material up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    const sent = callsTo('updateLensDesign')[0]!;
    expect(sent).toMatchObject({ lensId: 'scleral-horizon', version: 3, priceCents: 39500 });
    expect((sent['parameters'] as { key: string }[]).map((p) => p.key)).toEqual(['material', 'sagittalDepth']);
  });

  it('removing a parameter leaves it out of the save', async () => {
    answer({ listLensDesigns: listing, updateLensDesign: (input) => ({ ...HORIZON, ...input, version: 4 }) });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Material' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect((callsTo('updateLensDesign')[0]!['parameters'] as unknown[]).length).toBe(1);
  });

  it('a 409 keeps the dialog, says the design changed, and "Load the latest version" shows the stored one', async () => {
    let stored = HORIZON;
    answer({
      listLensDesigns: (input) => ({ items: input['includeInactive'] ? [stored, LEGACY] : [stored] }),
      updateLensDesign: () => {
        stored = { ...HORIZON, name: 'Horizon Scleral Pro', version: 4 };
        throw new CallableError({
          route: 'updateLensDesign',
          httpStatus: 409,
          status: 'aborted',
          message: 'This lens design changed since you opened it. Reload to see the latest.',
        });
      },
    });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Price per lens (USD)'));
    await user.type(within(dialog).getByLabelText('Price per lens (USD)'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('This lens design changed since you opened it. Reload to see the latest.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Price per lens (USD)')).toHaveValue('400');

    await user.click(within(dialog).getByRole('button', { name: 'Load the latest version' }));
    expect(await within(screen.getByRole('dialog')).findByDisplayValue('Horizon Scleral Pro')).toBeInTheDocument();
    expect(screen.queryByText(/changed since you opened it/)).not.toBeInTheDocument();
  });
});

describe('Warranty policy in Lens Management', () => {
  it("the list shows each design's policy in short", async () => {
    answer({ listLensDesigns: listing });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Lens designs' });
    const row = within(table).getByText('Horizon Scleral').closest('tr')!;
    expect(
      within(row).getByText('2 exchanges per eye · $25.00 fee · 80% credit on cancel · return required'),
    ).toBeInTheDocument();
  });

  it('edits the policy: unlimited exchanges are sent as null, the fee in cents, the percentage as a number', async () => {
    answer({ listLensDesigns: listing, updateLensDesign: (input) => ({ ...HORIZON, ...input, version: 4 }) });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
    expect(within(dialog).getByLabelText('Exchanges per eye')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Exchange fee (USD)')).toHaveValue('25.00');
    expect(within(dialog).getByLabelText('Cancellation credit (%)')).toHaveValue('80');
    expect(within(dialog).getByLabelText('Lens must be returned')).toBeChecked();

    await user.click(within(dialog).getByLabelText('Unlimited exchanges'));
    expect(within(dialog).getByLabelText('Exchanges per eye')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Exchange fee (USD)'));
    await user.type(within(dialog).getByLabelText('Exchange fee (USD)'), '12.5');
    await user.clear(within(dialog).getByLabelText('Cancellation credit (%)'));
    await user.type(within(dialog).getByLabelText('Cancellation credit (%)'), '50');
    await user.click(within(dialog).getByLabelText('Lens must be returned'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect(callsTo('updateLensDesign')[0]!['warranty']).toEqual({
      exchangesPerEye: null,
      exchangeFeeCents: 1250,
      cancellationCreditPercent: 50,
      returnRequired: false,
    });
  });

  it('a policy value out of its range gets a message beside its field and nothing is sent', async () => {
    answer({ listLensDesigns: listing });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
    const exchanges = within(dialog).getByLabelText('Exchanges per eye');
    const fee = within(dialog).getByLabelText('Exchange fee (USD)');
    const credit = within(dialog).getByLabelText('Cancellation credit (%)');
    await user.clear(exchanges);
    await user.type(exchanges, '1.5');
    await user.clear(fee);
    await user.type(fee, 'ten');
    await user.clear(credit);
    await user.type(credit, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(exchanges).toHaveAttribute('aria-invalid', 'true');
    expect(exchanges).toHaveAccessibleDescription(/whole number from 0 to 20/);
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(fee).toHaveAccessibleDescription(/amount in dollars/);
    expect(credit).toHaveAttribute('aria-invalid', 'true');
    expect(credit).toHaveAccessibleDescription(/whole percentage from 0 to 100/);

    await user.clear(fee);
    await user.type(fee, '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Exchange fee is at most $1,000.00')).toBeInTheDocument();
    expect(callsTo('updateLensDesign')).toHaveLength(0);
  });

  it('a design stored before policies existed opens with the default terms', async () => {
    const { warranty: _none, ...old } = HORIZON;
    answer({ listLensDesigns: () => ({ items: [old] }) });
    const user = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
    expect(within(dialog).getByLabelText('Unlimited exchanges')).toBeChecked();
    expect(within(dialog).getByLabelText('Exchange fee (USD)')).toHaveValue('0.00');
    expect(within(dialog).getByLabelText('Cancellation credit (%)')).toHaveValue('100');
  });
});

describe('Lens design editor: lead time and ship guarantee', () => {
  const editHorizon = async (user: ReturnType<typeof renderPage>) => {
    await user.click((await screen.findAllByRole('button', { name: 'Edit Horizon Scleral' }))[0]!);
    return screen.getByRole('dialog', { name: 'Edit Horizon Scleral' });
  };
  const saveChanges = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save changes' });
  const updating = () =>
    answer({ listLensDesigns: listing, updateLensDesign: (input) => ({ ...HORIZON, ...input, version: 4 }) });

  it("a blank lead time means the type's default, named in the hint, and is sent as no lead at all", async () => {
    answer({
      listLensDesigns: () => ({ items: [{ ...HORIZON, leadDays: 8 }] }),
      updateLensDesign: (input) => ({ ...HORIZON, ...input, version: 4 }),
    });
    const user = renderPage();
    const dialog = await editHorizon(user);
    const lead = within(dialog).getByLabelText('Lead time (business days)');
    expect(lead).toHaveValue('8');
    expect(lead).toHaveAccessibleDescription(/Blank: the Scleral default, 5 business days/);
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'custom-soft');
    expect(lead).toHaveAccessibleDescription(/Blank: the Custom soft default, 7 business days/);

    await user.clear(lead);
    await user.click(saveChanges(dialog));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect(callsTo('updateLensDesign')[0]).not.toHaveProperty('leadDays');
    expect(callsTo('updateLensDesign')[0]).not.toHaveProperty('shipGuarantee');
  });

  it("a lead time is sent as a number of business days; one out of the schema's range is refused at its field", async () => {
    updating();
    const user = renderPage();
    const dialog = await editHorizon(user);
    const lead = within(dialog).getByLabelText('Lead time (business days)');
    await user.type(lead, '61');
    await user.click(saveChanges(dialog));
    await waitFor(() => expect(lead).toHaveAccessibleDescription(/whole number of business days from 1 to 60/));
    expect(lead).toHaveFocus();
    expect(callsTo('updateLensDesign')).toHaveLength(0);

    await user.clear(lead);
    await user.type(lead, '6');
    await user.click(saveChanges(dialog));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect(callsTo('updateLensDesign')[0]).toMatchObject({ leadDays: 6 });
  });

  it('a guarantee of free lenses is sent with its business days and no credit, and read back in words', async () => {
    updating();
    const user = renderPage();
    const dialog = await editHorizon(user);
    expect(within(dialog).queryByLabelText('Ships within (business days)')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Guarantee shipping'));
    await user.type(within(dialog).getByLabelText('Ships within (business days)'), '7');
    expect(within(dialog).getByLabelText('If it ships later')).toHaveValue('free-lenses');
    expect(within(dialog).queryByLabelText('Credit (USD)')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('Guarantee: ships within 7 business days or the lenses are free.'),
    ).toBeInTheDocument();
    await user.click(saveChanges(dialog));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect(callsTo('updateLensDesign')[0]!['shipGuarantee']).toEqual({ businessDays: 7, remedy: 'free-lenses' });
  });

  it('a credit guarantee is typed in dollars and sent in cents; a blank or wrong amount is refused at its field', async () => {
    updating();
    const user = renderPage();
    const dialog = await editHorizon(user);
    await user.click(within(dialog).getByLabelText('Guarantee shipping'));
    await user.type(within(dialog).getByLabelText('Ships within (business days)'), '10');
    await user.selectOptions(within(dialog).getByLabelText('If it ships later'), 'credit');
    const credit = within(dialog).getByLabelText('Credit (USD)');
    await user.click(saveChanges(dialog));
    await waitFor(() =>
      expect(credit).toHaveAccessibleDescription(/Enter the credit the practice gets when the guarantee is missed/),
    );
    await user.type(credit, 'ten');
    await user.click(saveChanges(dialog));
    await waitFor(() => expect(credit).toHaveAccessibleDescription(/Enter an amount in dollars, e.g. 25.00/));
    expect(callsTo('updateLensDesign')).toHaveLength(0);

    await user.clear(credit);
    await user.type(credit, '40');
    expect(
      within(dialog).getByText('Guarantee: ships within 10 business days or $40.00 of lens credit.'),
    ).toBeInTheDocument();
    await user.click(saveChanges(dialog));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect(callsTo('updateLensDesign')[0]!['shipGuarantee']).toEqual({
      businessDays: 10,
      remedy: 'credit',
      creditCents: 4000,
    });
  });

  it('a design with a guarantee opens with it; unticking it sends the design without one', async () => {
    answer({
      listLensDesigns: () => ({
        items: [{ ...HORIZON, shipGuarantee: { businessDays: 6, remedy: 'credit', creditCents: 2500 } }],
      }),
      updateLensDesign: (input) => ({ ...HORIZON, ...input, version: 4 }),
    });
    const user = renderPage();
    const dialog = await editHorizon(user);
    expect(within(dialog).getByLabelText('Guarantee shipping')).toBeChecked();
    expect(within(dialog).getByLabelText('Ships within (business days)')).toHaveValue('6');
    expect(within(dialog).getByLabelText('If it ships later')).toHaveValue('credit');
    expect(within(dialog).getByLabelText('Credit (USD)')).toHaveValue('25.00');

    await user.click(within(dialog).getByLabelText('Guarantee shipping'));
    await user.click(saveChanges(dialog));
    await waitFor(() => expect(callsTo('updateLensDesign')).toHaveLength(1));
    expect(callsTo('updateLensDesign')[0]).not.toHaveProperty('shipGuarantee');
  });

  it("the list shows each design's lead time (its own or its type's default) and its guarantee", async () => {
    answer({
      listLensDesigns: () => ({
        items: [
          HORIZON,
          { ...LEGACY, active: true, leadDays: 9, shipGuarantee: { businessDays: 12, remedy: 'free-lenses' } },
        ],
      }),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Lens designs' });
    const horizon = within(table).getByText('Horizon Scleral').closest('tr')!;
    expect(within(horizon).getByText('5 business days')).toBeInTheDocument();
    expect(within(horizon).getByText('Type default')).toBeInTheDocument();
    const legacy = within(table).getByText('KeraSoft Legacy').closest('tr')!;
    expect(within(legacy).getByText('9 business days')).toBeInTheDocument();
    expect(
      within(legacy).getByText('Guarantee: ships within 12 business days or the lenses are free'),
    ).toBeInTheDocument();
  });
});

describe('parameterKeyOf', () => {
  it('turns a label into the camelCase key orders store values under', () => {
    expect(parameterKeyOf('Base curve')).toBe('baseCurve');
    expect(parameterKeyOf('Dot / notch')).toBe('dotNotch');
    expect(parameterKeyOf('Centre thickness (mm)')).toBe('centreThicknessMm');
    expect(parameterKeyOf('3 o’clock lift')).toBe('oClockLift');
  });
});
