import { CHANGED_MESSAGES } from '../../core/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TROUBLESHOOTER_SETTINGS, type TroubleshooterSettings } from '../../core/schemas/consults';
import ConsultantSettingsRoute from '../../web/src/app/routes/admin/consultant-settings';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, type Handler, withQueries } from './support/fake-api';
import { ampleye } from './support/lab-consult-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const saved = (extra: Partial<TroubleshooterSettings> = {}): TroubleshooterSettings => ({
  ...DEFAULT_TROUBLESHOOTER_SETTINGS,
  designIds: ['ampleye'],
  version: 2,
  updatedAt: '2025-03-01T10:00:00.000Z',
  updatedBy: { userId: 'sa-1', name: 'Sam Super' },
  ...extra,
});

const catalogue = () => ({
  items: [
    ampleye(),
    ampleye({ lensId: 'ampleye-xl', name: 'Ampleye XL', active: false }),
    ampleye({ lensId: 'ortho-day', name: 'Ortho-K Day', type: 'ortho-k' }),
  ],
});

/** The page in a data router (it asks before leaving with unsaved changes, which needs one). */
function renderPage(routes: Record<string, Handler>) {
  answer({ listLensDesigns: catalogue, ...routes });
  const router = createMemoryRouter([{ path: '/admin/consultant-settings', element: <ConsultantSettingsRoute /> }], {
    initialEntries: ['/admin/consultant-settings'],
  });
  render(withQueries(<RouterProvider router={router} />));
  return userEvent.setup();
}

const setup = (settings = saved()) => ({ settings, designs: [] });
const field = (name: RegExp | string) => screen.getByRole('spinbutton', { name });

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Consultant Settings', () => {
  it('shows every threshold with its unit and meaning, and marks the lab\'s own defaults "Lab default"', async () => {
    renderPage({ getConsultantSetup: () => setup() });
    const target = await screen.findByRole('spinbutton', { name: 'Target clearance (µm)' });
    expect(target).toHaveValue(225);
    expect(target).toHaveAccessibleDescription(/Lab default.*settled central clearance a sag change aims for/);
    expect(field('Sag step (µm)')).toHaveAccessibleDescription(/^Lab default/);
    expect(field('Settling allowance (µm)')).toHaveAccessibleDescription(/^Lab default/);
    expect(field('Lowest acceptable clearance (µm)')).toHaveAccessibleDescription(/^Published value/);
    expect(field('Judge clearance after (minutes)')).toHaveAccessibleDescription(/^Published value/);
    expect(field('Diameter step (mm)')).toHaveValue(1);
    expect(screen.getAllByRole('spinbutton')).toHaveLength(15);
    expect(screen.getByText(/Last changed by Sam Super/)).toBeInTheDocument();
  });

  it('lists the scleral designs of the catalog (inactive ones too) as checkboxes, ticked when covered', async () => {
    renderPage({ getConsultantSetup: () => setup() });
    const designs = await screen.findByRole('group', { name: 'Designs the consultant covers' });
    expect(within(designs).getByRole('checkbox', { name: 'Ampleye' })).toBeChecked();
    expect(within(designs).getByRole('checkbox', { name: 'Ampleye XL (inactive)' })).not.toBeChecked();
    expect(within(designs).queryByRole('checkbox', { name: /Ortho-K/ })).not.toBeInTheDocument();
    expect(callsTo('listLensDesigns')[0]).toEqual({ includeInactive: true });
  });

  it('checks the values with the settings rules before saving and shows each message at its field', async () => {
    const user = renderPage({ getConsultantSetup: () => setup() });
    const lowest = await screen.findByRole('spinbutton', { name: 'Lowest acceptable clearance (µm)' });
    await user.clear(lowest);
    await user.type(lowest, '350');
    await user.clear(field('Sag step (µm)'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // The check runs asynchronously (the form library's resolver): wait for its first message.
    await waitFor(() =>
      expect(field('Lowest acceptable clearance (µm)')).toHaveAccessibleDescription(/at most 300 µm/),
    );
    expect(field('Sag step (µm)')).toHaveAccessibleDescription(/Sag step is required/);
    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();

    // Each value in its range, but the lowest acceptable clearance above the highest.
    await user.clear(field('Lowest acceptable clearance (µm)'));
    await user.type(field('Lowest acceptable clearance (µm)'), '250');
    await user.clear(field('Highest acceptable clearance (µm)'));
    await user.type(field('Highest acceptable clearance (µm)'), '200');
    await user.type(field('Sag step (µm)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(field('Highest acceptable clearance (µm)')).toHaveAccessibleDescription(
        /The lowest acceptable clearance must be below the highest/,
      ),
    );
    expect(field('Target clearance (µm)')).toHaveAccessibleDescription(
      /The target must lie inside the acceptable range/,
    );
    expect(callsTo('updateConsultantSettings')).toEqual([]);
  });

  it("a bad field gets the schema's message beside it and the focus, and nothing is saved", async () => {
    const user = renderPage({ getConsultantSetup: () => setup() });
    const step = await screen.findByRole('spinbutton', { name: 'Limbal step (µm)' });
    await user.clear(step);
    await user.type(step, '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(step).toHaveFocus());
    expect(step).toHaveAccessibleDescription(/Limbal step is at least 10 µm/);
    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(callsTo('updateConsultantSettings')).toEqual([]);
  });

  it('saves the settings with the version read', async () => {
    const user = renderPage({
      getConsultantSetup: () => setup(),
      updateConsultantSettings: (input) => ({ ...saved(), ...(input['settings'] as object), version: 3 }),
    });
    const step = await screen.findByRole('spinbutton', { name: 'Sag step (µm)' });
    await user.clear(step);
    await user.type(step, '25');
    await user.click(screen.getByRole('checkbox', { name: 'Ampleye XL (inactive)' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo('updateConsultantSettings')).toHaveLength(1));
    const {
      version,
      updatedAt: _at,
      updatedBy: _by,
      ...fields
    } = saved({ sagStepUm: 25, designIds: ['ampleye', 'ampleye-xl'] });
    expect(version).toBe(2);
    expect(callsTo('updateConsultantSettings')[0]).toEqual({ version: 2, settings: fields });
  });

  it('"Restore defaults" puts the default numbers back and keeps the covered designs', async () => {
    const user = renderPage({
      getConsultantSetup: () => setup(saved({ targetClearanceUm: 250, sagStepUm: 25 })),
      updateConsultantSettings: (input) => ({ ...saved(), ...(input['settings'] as object), version: 3 }),
    });
    expect(await screen.findByRole('spinbutton', { name: 'Target clearance (µm)' })).toHaveValue(250);
    await user.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(field('Target clearance (µm)')).toHaveValue(225);
    expect(field('Sag step (µm)')).toHaveValue(50);
    expect(screen.getByRole('checkbox', { name: 'Ampleye' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo('updateConsultantSettings')).toHaveLength(1));
    expect(callsTo('updateConsultantSettings')[0]).toMatchObject({
      version: 2,
      settings: { targetClearanceUm: 225, sagStepUm: 50, designIds: ['ampleye'] },
    });
  });

  it('a save that lost the race says so; "Reload latest" shows the stored settings', async () => {
    let reads = 0;
    const user = renderPage({
      getConsultantSetup: () => setup(++reads === 1 ? saved() : saved({ version: 5, sagStepUm: 100 })),
      updateConsultantSettings: () => {
        throw new CallableError({
          route: 'updateConsultantSettings',
          httpStatus: 409,
          status: 'aborted',
          message: 'Changed meanwhile.',
        });
      },
    });
    const step = await screen.findByRole('spinbutton', { name: 'Sag step (µm)' });
    await user.clear(step);
    await user.type(step, '25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(CHANGED_MESSAGES.consultantSettings)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload latest' }));
    await waitFor(() => expect(field('Sag step (µm)')).toHaveValue(100));
    expect(screen.queryByText(CHANGED_MESSAGES.consultantSettings)).not.toBeInTheDocument();
  });

  it("puts the server's field messages ('settings.<field>') at the fields", async () => {
    const user = renderPage({
      getConsultantSetup: () => setup(),
      updateConsultantSettings: () => {
        throw new CallableError({
          route: 'updateConsultantSettings',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'Please correct the marked fields.',
          fieldErrors: { 'settings.designIds.0': ['Ampleye is not a scleral design of the catalog'] },
        });
      },
    });
    const step = await screen.findByRole('spinbutton', { name: 'Sag step (µm)' });
    await user.clear(step);
    await user.type(step, '25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Ampleye is not a scleral design of the catalog')).toBeInTheDocument();
  });
});
