import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_MESSAGES } from '../../core/messages';
import { CALENDAR_MESSAGES, DEFAULT_SHIPPING_CALENDAR, usFederalHolidaysIn } from '../../core/rules/ship-date';
import { DEFAULT_PRODUCTION_SETTINGS, type ProductionSettings } from '../../core/schemas/production-settings';
import { ProductionSettingsPage } from '../../web/src/features/orders';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, renderAt, type Handler } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/** Thursday, December 3, 2026 in the lab's zone: the coming year is 2027. */
const NOW = () => new Date('2026-12-03T15:00:00Z');

const stored = (extra: Partial<ProductionSettings> = {}): ProductionSettings => ({
  ...DEFAULT_PRODUCTION_SETTINGS,
  calendar: { ...DEFAULT_SHIPPING_CALENDAR, holidays: ['2026-12-25', '2027-01-01'] },
  version: 4,
  ...extra,
});

function renderPage(routes: Record<string, Handler>) {
  answer(routes);
  return renderAt('/admin/production-settings', '/admin/production-settings', <ProductionSettingsPage now={NOW} />);
}

/** The save answered with what was sent, stored as the server stores it (next version). */
const echo: Handler = (input) => ({ ...stored(), ...(input as object), version: 5 });

const stageList = () => screen.getByRole('list', { name: 'Production stages' });
const stageNames = () =>
  within(stageList())
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);
const holidayList = () => screen.getByRole('list', { name: /^Holidays/ });
const holidayDays = () =>
  within(holidayList())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('time')?.getAttribute('dateTime'));
const save = () => screen.getByRole('button', { name: 'Save settings' });
const sent = () => callsTo('updateProductionSettings')[0] as { stages: unknown[]; calendar: Record<string, unknown> };

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Production Settings: stages', () => {
  it('lists the stages in order; the fixed stages can be renamed but neither moved nor removed', async () => {
    renderPage({ getProductionSettings: () => stored() });
    await screen.findByRole('list', { name: 'Production stages' });
    expect(stageNames()).toEqual([
      'Approved',
      'Lathing',
      'Polishing',
      'Surface treatment',
      'Quality check',
      'Packed',
      'Shipped',
      'Delivered',
    ]);
    for (const fixed of ['Approved', 'Shipped', 'Delivered']) {
      expect(screen.queryByRole('button', { name: `Remove ${fixed}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Move ${fixed} up` })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Name of stage 1' })).toHaveAccessibleDescription(/^Fixed/);
    // Work stages stay between the fixed ones: the first cannot go above Approved, the last below Shipped.
    expect(screen.getByRole('button', { name: 'Move Lathing up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Packed down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Polishing up' })).toBeEnabled();
  });

  it('renames, reorders, adds and removes stages, and sends the list with the version read (a new stage without an id)', async () => {
    const user = renderPage({ getProductionSettings: () => stored(), updateProductionSettings: echo });
    await screen.findByRole('list', { name: 'Production stages' });
    await user.clear(screen.getByRole('textbox', { name: 'Name of stage 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of stage 1' }), 'Released to the lab');
    await user.click(screen.getByRole('button', { name: 'Move Polishing up' }));
    await user.click(screen.getByRole('button', { name: 'Remove Surface treatment' }));
    await user.type(screen.getByRole('textbox', { name: 'New stage name' }), 'Engraving');
    await user.click(screen.getByRole('button', { name: 'Add stage' }));
    expect(stageNames()).toEqual([
      'Released to the lab',
      'Polishing',
      'Lathing',
      'Quality check',
      'Packed',
      'Engraving',
      'Shipped',
      'Delivered',
    ]);

    await user.click(save());
    await waitFor(() => expect(callsTo('updateProductionSettings')).toHaveLength(1));
    expect(sent()).toMatchObject({
      version: 4,
      stages: [
        { id: 'approved', label: 'Released to the lab' },
        { id: 'polishing', label: 'Polishing' },
        { id: 'lathing', label: 'Lathing' },
        { id: 'quality-check', label: 'Quality check' },
        { id: 'packed', label: 'Packed' },
        { label: 'Engraving' },
        { id: 'shipped', label: 'Shipped' },
        { id: 'delivered', label: 'Delivered' },
      ],
    });
    expect(sent().stages[5]).not.toHaveProperty('id');
  });

  it('Enter in the new stage field adds the stage instead of saving, and a blank name is refused there', async () => {
    const user = renderPage({ getProductionSettings: () => stored() });
    const field = await screen.findByRole('textbox', { name: 'New stage name' });
    await user.click(screen.getByRole('button', { name: 'Add stage' }));
    expect(field).toHaveAccessibleDescription(/Enter the new stage's name/);
    expect(field).toHaveFocus();
    await user.type(field, 'Tinting{Enter}');
    expect(stageNames()).toContain('Tinting');
    expect(callsTo('updateProductionSettings')).toEqual([]);
  });

  it('a moved stage keeps the keyboard focus, on its other button once it reaches the end of the work stages', async () => {
    const user = renderPage({ getProductionSettings: () => stored() });
    await screen.findByRole('list', { name: 'Production stages' });
    screen.getByRole('button', { name: 'Move Polishing up' }).focus();
    await user.keyboard('{Enter}');
    expect(stageNames().slice(1, 3)).toEqual(['Polishing', 'Lathing']);
    // Polishing is now the first work stage: its Up is disabled, so Down holds the focus.
    expect(screen.getByRole('button', { name: 'Move Polishing up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Polishing down' })).toHaveFocus();
  });

  it('checks the list with the stage rules before saving: a blank name at its field, a repeated name on the list', async () => {
    const user = renderPage({ getProductionSettings: () => stored() });
    const lathing = await screen.findByRole('textbox', { name: 'Name of stage 2' });
    await user.clear(lathing);
    await user.click(save());
    await waitFor(() => expect(lathing).toHaveAccessibleDescription(/Stage name is required/));
    expect(lathing).toHaveFocus();
    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();

    await user.type(lathing, 'polishing');
    await user.click(save());
    expect(
      await within(screen.getByRole('group', { name: 'Production stages' })).findByRole('alert'),
    ).toHaveTextContent('Two stages are called "Polishing".');
    expect(callsTo('updateProductionSettings')).toEqual([]);
  });

  it("puts the server's messages at their fields: a stage's name and the list's own", async () => {
    const user = renderPage({
      getProductionSettings: () => stored(),
      updateProductionSettings: () => {
        throw new CallableError({
          route: 'updateProductionSettings',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'Please correct the marked fields.',
          fieldErrors: {
            'stages.2.label': ['The stage name is too long'],
            stages: ['At most 12 work stages: remove 1.'],
          },
        });
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name of stage 3' }), ' and buffing');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name of stage 3' })).toHaveAccessibleDescription(
        'The stage name is too long',
      ),
    );
    expect(screen.getByText('At most 12 work stages: remove 1.')).toBeInTheDocument();
  });
});

describe('Production Settings: shipping calendar', () => {
  it('shows the zone by its US name, the cut-off as people say it, the transit days and the holidays in date order', async () => {
    renderPage({
      getProductionSettings: () =>
        stored({
          calendar: { ...DEFAULT_SHIPPING_CALENDAR, holidays: ['2027-01-01', '2026-12-25'], cutoffHour: 15 },
        }),
    });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(within(zone).getByRole('option', { selected: true })).toHaveTextContent('Eastern (America/New_York)');
    expect(
      within(zone)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual([
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
    ]);
    const cutoff = screen.getByRole('combobox', { name: 'Cut-off hour' });
    expect(within(cutoff).getByRole('option', { selected: true })).toHaveTextContent('3 PM');
    expect(screen.getByRole('textbox', { name: 'Standard (2-3 days)' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Express (next business day)' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Overnight (priority)' })).toHaveValue('1');
    expect(holidayDays()).toEqual(['2026-12-25', '2027-01-01']);
    expect(within(holidayList()).getByText('Friday, December 25, 2026')).toBeInTheDocument();
  });

  it('a zone outside the US list stays chosen, marked as the current one', async () => {
    renderPage({
      getProductionSettings: () => stored({ calendar: { ...DEFAULT_SHIPPING_CALENDAR, timeZone: 'Europe/Dublin' } }),
    });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(within(zone).getByRole('option', { selected: true })).toHaveTextContent('Europe/Dublin (current)');
  });

  it('sends the zone, the cut-off hour and the transit days as numbers', async () => {
    const user = renderPage({ getProductionSettings: () => stored(), updateProductionSettings: echo });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Time zone' }), 'America/Denver');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cut-off hour' }), '14');
    await user.clear(screen.getByRole('textbox', { name: 'Express (next business day)' }));
    await user.type(screen.getByRole('textbox', { name: 'Express (next business day)' }), '1');
    await user.click(save());
    await waitFor(() => expect(callsTo('updateProductionSettings')).toHaveLength(1));
    expect(sent().calendar).toEqual({
      timeZone: 'America/Denver',
      cutoffHour: 14,
      holidays: ['2026-12-25', '2027-01-01'],
      transitDays: { standard: 3, express: 1, overnight: 1 },
    });
  });

  it("transit days that are not a whole number get the calendar's message at their field, and nothing is sent", async () => {
    const user = renderPage({ getProductionSettings: () => stored() });
    const overnight = await screen.findByRole('textbox', { name: 'Overnight (priority)' });
    await user.clear(overnight);
    await user.type(overnight, 'one');
    await user.click(save());
    await waitFor(() => expect(overnight).toHaveAccessibleDescription(CALENDAR_MESSAGES.transitDays('overnight')));
    expect(overnight).toHaveFocus();
    expect(callsTo('updateProductionSettings')).toEqual([]);
  });

  it('adds holidays in date order, refuses one already listed, removes one, and sends the sorted list', async () => {
    const user = renderPage({ getProductionSettings: () => stored(), updateProductionSettings: echo });
    const date = await screen.findByLabelText('Holiday date');
    await user.type(date, '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(holidayDays()).toEqual(['2026-12-24', '2026-12-25', '2027-01-01']);
    expect(screen.getByText('Thursday, December 24, 2026 added.')).toBeInTheDocument();

    await user.type(date, '2027-01-01');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(date).toHaveAccessibleDescription('Friday, January 1, 2027 is already listed.');

    await user.click(screen.getByRole('button', { name: 'Remove Friday, December 25, 2026' }));
    expect(holidayDays()).toEqual(['2026-12-24', '2027-01-01']);
    // The next day's Remove takes the focus of the one that went.
    expect(screen.getByRole('button', { name: 'Remove Friday, January 1, 2027' })).toHaveFocus();

    await user.click(save());
    await waitFor(() => expect(callsTo('updateProductionSettings')).toHaveLength(1));
    expect(sent().calendar['holidays']).toEqual(['2026-12-24', '2027-01-01']);
  });

  it("offers the coming year's US federal holidays the rules know, adding only those not listed", async () => {
    const user = renderPage({ getProductionSettings: () => stored() });
    await user.click(await screen.findByRole('button', { name: 'Add US federal holidays for 2027' }));
    const federal = usFederalHolidaysIn(2027);
    expect(holidayDays()).toEqual(['2026-12-25', ...federal]);
    expect(screen.getByText(`${federal.length - 1} US federal holidays for 2027 added.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add US federal holidays/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Holiday date')).toHaveFocus();
  });

  it("puts the server's holiday messages at the list and at the day they name", async () => {
    const user = renderPage({
      getProductionSettings: () => stored(),
      updateProductionSettings: () => {
        throw new CallableError({
          route: 'updateProductionSettings',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'Please correct the marked fields.',
          fieldErrors: {
            'calendar.holidays.1': ['This day is not one the lab may close'],
            'calendar.holidays': [CALENDAR_MESSAGES.tooManyHolidays],
          },
        });
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cut-off hour' }), '12');
    await user.click(save());
    expect(await screen.findByText(CALENDAR_MESSAGES.tooManyHolidays)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Friday, January 1, 2027' })).toHaveAccessibleDescription(
      'This day is not one the lab may close',
    );
  });
});

describe('Production Settings: saving', () => {
  it('a save that lost the race says so and keeps what was typed; "Reload latest" shows the stored settings', async () => {
    let reads = 0;
    const user = renderPage({
      getProductionSettings: () =>
        ++reads === 1
          ? stored()
          : stored({ version: 6, stages: DEFAULT_PRODUCTION_SETTINGS.stages.filter((s) => s.id !== 'packed') }),
      updateProductionSettings: () => {
        throw new CallableError({
          route: 'updateProductionSettings',
          httpStatus: 409,
          status: 'aborted',
          message: CHANGED_MESSAGES.productionSettings,
        });
      },
    });
    const lathing = await screen.findByRole('textbox', { name: 'Name of stage 2' });
    await user.type(lathing, ' (CNC)');
    await user.click(save());
    expect(await screen.findByText(CHANGED_MESSAGES.productionSettings)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name of stage 2' })).toHaveValue('Lathing (CNC)');
    expect(callsTo('updateProductionSettings')[0]).toMatchObject({ version: 4 });

    await user.click(screen.getByRole('button', { name: 'Reload latest' }));
    await waitFor(() => expect(stageNames()).not.toContain('Packed'));
    expect(screen.getByRole('textbox', { name: 'Name of stage 2' })).toHaveValue('Lathing');
    expect(screen.queryByText(CHANGED_MESSAGES.productionSettings)).not.toBeInTheDocument();
  });

  it('after a save the form starts from the stored settings and version (the new stage with its id)', async () => {
    const user = renderPage({
      getProductionSettings: () => stored(),
      updateProductionSettings: () => ({
        ...stored(),
        stages: [
          ...DEFAULT_PRODUCTION_SETTINGS.stages.slice(0, 6),
          { id: 'engraving', label: 'Engraving' },
          ...DEFAULT_PRODUCTION_SETTINGS.stages.slice(6),
        ],
        version: 5,
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'New stage name' }), 'Engraving{Enter}');
    await user.click(save());
    await waitFor(() => expect(callsTo('updateProductionSettings')).toHaveLength(1));
    await waitFor(() => expect(save()).toBeDisabled());
    expect(stageNames()).toContain('Engraving');
    expect(screen.getByRole('button', { name: 'Remove Engraving' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name of stage 1' }), '!');
    await user.click(save());
    await waitFor(() => expect(callsTo('updateProductionSettings')).toHaveLength(2));
    expect(callsTo('updateProductionSettings')[1]).toMatchObject({ version: 5 });
    expect((callsTo('updateProductionSettings')[1] as { stages: unknown[] }).stages[6]).toEqual({
      id: 'engraving',
      label: 'Engraving',
    });
  });
});
