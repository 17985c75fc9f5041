import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TROUBLESHOOTER_SETTINGS } from '../../core/schemas/consults';
import { troubleshoot } from '../../core/rules/scleral-troubleshooter';
import { Troubleshooter } from '../../web/src/features/consults/components/troubleshooter';
import { readTroubleshooterHandoff } from '../../web/src/features/consults/model/troubleshooter-handoff';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { CONSULTANT_SETUP } from './support/consult-fakes';
import { answer, callsTo, withQueries } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

function renderTroubleshooter(setup: () => unknown = () => CONSULTANT_SETUP) {
  answer({ getConsultantSetup: setup });
  render(
    withQueries(
      <MemoryRouter initialEntries={['/ampleye-virtual-consultant/troubleshooter']}>
        <Routes>
          <Route path="/ampleye-virtual-consultant/troubleshooter" element={<Troubleshooter />} />
          <Route path="/ampleye-virtual-consultant/ask" element={<p>The ask page</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return userEvent.setup();
}

type User = ReturnType<typeof userEvent.setup>;
const next = (user: User) => user.click(screen.getByRole('button', { name: /^(Next|See suggestions)$/ }));
const stepHeading = () => screen.getByRole('heading', { level: 2, name: /^Step \d of 6/ });
/** The step heading's name, "Step 2 of 6: Wear time and clearance", whatever spacing the markup gives it. */
const stepName = (n: number, title: string) => new RegExp(`^Step ${n} of 6\\s*:\\s*${title}$`);

async function lensStep(user: User, { landing = 'Toric' } = {}) {
  await screen.findByRole('option', { name: 'Ampleye' });
  await user.selectOptions(screen.getByLabelText('Lens design'), 'ampleye');
  await user.type(screen.getByLabelText('Diameter (mm)'), '16.5');
  await user.type(screen.getByLabelText('Sag (µm)'), '4200');
  await user.click(screen.getByRole('radio', { name: landing }));
  await next(user);
}

/** Lens, 30 minutes and 450 µm central clearance, nothing else: the textbook "too much clearance" case. */
async function walkTo450At30(user: User) {
  await lensStep(user);
  await user.type(screen.getByLabelText('Minutes on eye'), '30');
  await user.type(screen.getByLabelText('Central clearance (µm)'), '450');
  await next(user); // wear -> landing
  await next(user); // landing -> tests
  await next(user); // tests -> over-refraction
  await next(user); // see suggestions
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  window.sessionStorage.clear();
});

describe('the public troubleshooter (six steps, rules run in the browser)', () => {
  it('central clearance 450 µm at 30 min: about 400 µm settled, so decrease the sag (the rules’ own answer)', async () => {
    const user = renderTroubleshooter();
    await walkTo450At30(user);

    expect(stepHeading()).toHaveAccessibleName(stepName(6, 'Suggestions'));
    expect(screen.getByText(/Expected settled central clearance: about 400 µm/)).toBeInTheDocument();
    const expected = troubleshoot(
      {
        lens: { lensId: 'ampleye', diameterMm: 16.5, sagUm: 4200, landing: 'toric' },
        minutesOnEye: 30,
        centralClearanceUm: 450,
        limbalClearanceUm: {},
        landing: [],
        impressionRing: false,
        rotationTest: 'not-done',
        tapTest: 'not-done',
        middayFogging: false,
      },
      DEFAULT_TROUBLESHOOTER_SETTINGS,
    );
    const central = screen.getByRole('region', { name: 'Central clearance' });
    for (const suggestion of expected.suggestions)
      expect(within(central).getByText(suggestion.action)).toBeInTheDocument();
    expect(within(central).getByText('Decrease the sag by 200 µm')).toBeInTheDocument();
    // The only call is the setup: observations never leave the browser.
    expect(vi.mocked(callRoute).mock.calls.map(([name]) => name)).toEqual(['getConsultantSetup']);
  });

  it('uses the lab’s current settings: a 250 µm target makes the same eye a 150 µm sag decrease', async () => {
    const user = renderTroubleshooter(() => ({
      ...CONSULTANT_SETUP,
      settings: { ...DEFAULT_TROUBLESHOOTER_SETTINGS, targetClearanceUm: 250 },
    }));
    await walkTo450At30(user);
    expect(screen.getByText('Decrease the sag by 150 µm')).toBeInTheDocument();
  });

  it('when the settings cannot be loaded it says so and runs on the default settings', async () => {
    const user = renderTroubleshooter(() => {
      throw new CallableError({ route: 'getConsultantSetup', httpStatus: 503, status: 'unavailable', message: 'down' });
    });
    expect(await screen.findByText("The lab's current settings could not be loaded")).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ampleye' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Toric' }));
    await next(user);
    await user.type(screen.getByLabelText('Minutes on eye'), '30');
    await user.type(screen.getByLabelText('Central clearance (µm)'), '450');
    for (let i = 0; i < 4; i += 1) await next(user);
    expect(screen.getByText('Decrease the sag by 200 µm')).toBeInTheDocument();
  });

  it('shows the progress and moves focus to the new step heading on Next and Back', async () => {
    const user = renderTroubleshooter();
    expect(stepHeading()).toHaveAccessibleName(stepName(1, 'Current lens'));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Current lens');
    await lensStep(user);
    expect(stepHeading()).toHaveAccessibleName(stepName(2, 'Wear time and clearance'));
    // The focus moves in an effect after the new step renders, which a loaded machine runs a task later.
    await waitFor(() => expect(stepHeading()).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toHaveAccessibleName(stepName(1, 'Current lens'));
    await waitFor(() => expect(stepHeading()).toHaveFocus());
    // Going back keeps what was entered.
    expect(screen.getByLabelText('Sag (µm)')).toHaveValue('4200');
  });

  it("shows the schema's messages at the fields and stays on the step", async () => {
    const user = renderTroubleshooter();
    await screen.findByRole('option', { name: 'Ampleye' });
    await user.selectOptions(screen.getByLabelText('Lens design'), 'ampleye');
    await user.type(screen.getByLabelText('Diameter (mm)'), '19.5');
    await next(user);
    expect(stepHeading()).toHaveAccessibleName(stepName(1, 'Current lens'));
    expect(screen.getByRole('group', { name: 'Landing type' })).toHaveAccessibleDescription('Choose the landing type');
    // The design's own range, from the setup, is checked at the field too.
    expect(screen.getByLabelText('Diameter (mm)')).toHaveAccessibleDescription(
      expect.stringContaining('Ampleye is made in diameters 15.0 to 18.0 mm'),
    );
    expect(screen.getByLabelText('Diameter (mm)')).toHaveFocus();

    await user.clear(screen.getByLabelText('Diameter (mm)'));
    await user.type(screen.getByLabelText('Diameter (mm)'), '16.5');
    await user.click(screen.getByRole('radio', { name: 'Toric' }));
    await next(user);

    await user.type(screen.getByLabelText('Central clearance (µm)'), 'lots');
    await user.type(screen.getByLabelText('Superior'), '-5');
    await next(user);
    expect(stepHeading()).toHaveAccessibleName(stepName(2, 'Wear time and clearance'));
    expect(screen.getByLabelText('Minutes on eye')).toHaveAccessibleDescription(
      expect.stringContaining('Minutes on eye is required'),
    );
    expect(screen.getByLabelText('Central clearance (µm)')).toHaveAccessibleDescription(
      expect.stringContaining('Central clearance is a number of micrometres'),
    );
    expect(screen.getByLabelText('Superior')).toHaveAccessibleDescription(
      'Superior limbal clearance cannot be negative',
    );
  });

  it('checks the over-refraction in 0.25 D steps before showing suggestions', async () => {
    const user = renderTroubleshooter();
    await lensStep(user);
    await user.type(screen.getByLabelText('Minutes on eye'), '30');
    await next(user);
    await next(user);
    await next(user);
    await user.type(screen.getByLabelText('Sphere (D)'), '+1.30');
    await next(user);
    expect(stepHeading()).toHaveAccessibleName(stepName(5, 'Over-refraction'));
    expect(screen.getByLabelText('Sphere (D)')).toHaveAccessibleDescription(
      expect.stringContaining('Over-refraction sphere is in 0.25 D steps'),
    );
  });

  it('landing findings picked on the clock reach the rules (blanching at 3 and 9, edge lift at 12 and 6)', async () => {
    const user = renderTroubleshooter();
    await lensStep(user, { landing: 'Spherical' });
    await user.type(screen.getByLabelText('Minutes on eye'), '30');
    await next(user);
    const list = screen.getByRole('group', { name: 'The same findings as a list' });
    await user.selectOptions(within(list).getByLabelText("3 o'clock"), 'blanching');
    await user.selectOptions(within(list).getByLabelText("9 o'clock"), 'blanching');
    await user.selectOptions(within(list).getByLabelText("12 o'clock"), 'edge-lift');
    await user.selectOptions(within(list).getByLabelText("6 o'clock"), 'edge-lift');
    await next(user);
    // A spherical landing: the page says the toricity tests do not apply.
    expect(screen.getByText('Your lens has a spherical landing')).toBeInTheDocument();
    await next(user);
    await next(user);
    const expected = troubleshoot(
      {
        lens: { lensId: 'ampleye', diameterMm: 16.5, sagUm: 4200, landing: 'spherical' },
        minutesOnEye: 30,
        limbalClearanceUm: {},
        landing: [
          { hour: 12, finding: 'edge-lift' },
          { hour: 3, finding: 'blanching' },
          { hour: 6, finding: 'edge-lift' },
          { hour: 9, finding: 'blanching' },
        ],
        impressionRing: false,
        rotationTest: 'not-done',
        tapTest: 'not-done',
        middayFogging: false,
      },
      DEFAULT_TROUBLESHOOTER_SETTINGS,
    ).suggestions.filter((s) => s.area === 'landing');
    expect(expected.map((s) => s.change?.to)).toContain('toric');
    const landing = screen.getByRole('region', { name: 'Landing' });
    for (const suggestion of expected) expect(within(landing).getByText(suggestion.action)).toBeInTheDocument();
  });

  it('"Ask a consultant about this" keeps the observations in this tab (nothing is sent) and opens the ask page', async () => {
    const user = renderTroubleshooter();
    await walkTo450At30(user);
    await user.click(screen.getByRole('button', { name: 'Ask a consultant about this' }));
    expect(await screen.findByText('The ask page')).toBeInTheDocument();
    expect(readTroubleshooterHandoff()?.observations).toMatchObject({
      lens: { lensId: 'ampleye', sagUm: 4200, landing: 'toric' },
      minutesOnEye: 30,
      centralClearanceUm: 450,
    });
    expect(callsTo('submitPublicConsult')).toEqual([]);
  });

  it('"Start over" empties the form and the handoff', async () => {
    const user = renderTroubleshooter();
    await walkTo450At30(user);
    window.sessionStorage.setItem('ampleyeConsultant.handoff.v1', '{}');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(stepHeading()).toHaveAccessibleName(stepName(1, 'Current lens'));
    expect(screen.getByLabelText('Sag (µm)')).toHaveValue('');
    expect(window.sessionStorage.getItem('ampleyeConsultant.handoff.v1')).toBeNull();
  });
});
