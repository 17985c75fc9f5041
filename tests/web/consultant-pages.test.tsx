import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATUS } from '../../core/rules/auth-status';
import { troubleshooterInputSchema, type Suggestion } from '../../core/schemas/consults';
import { handleOf, PORTAL_ROUTES } from '../../web/src/app/route-table';
import AskRoute from '../../web/src/app/routes/consultant/ask';
import OverviewRoute from '../../web/src/app/routes/consultant/overview';
import TroubleshooterRoute from '../../web/src/app/routes/consultant/troubleshooter';
import { ObservationsSummary } from '../../web/src/features/consults/components/observations-summary';
import { SuggestionList } from '../../web/src/features/consults/components/suggestion-list';
import {
  clearTroubleshooterHandoff,
  readTroubleshooterHandoff,
  saveTroubleshooterHandoff,
} from '../../web/src/features/consults/model/troubleshooter-handoff';
import { callRoute } from '../../web/src/lib/api-client';
import { seriousA11yViolations } from './support/axe';
import { CONSULTANT_SETUP } from './support/consult-fakes';
import { answer, withQueries } from './support/fake-api';
import { fakeSession, prepareBrowser, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const suggestion = (over: Partial<Suggestion>): Suggestion => ({
  ruleId: 'rule',
  area: 'central-clearance',
  kind: 'change',
  action: 'Do something',
  change: null,
  why: 'Because.',
  source: 'Published scleral fitting guidance',
  labDefault: false,
  ...over,
});

/** The three pages as the app routes them (public, no guard), opened at `path`. */
function renderPages(path: string) {
  prepareBrowser(375);
  answer({ getConsultantSetup: () => CONSULTANT_SETUP });
  const router = createMemoryRouter(
    [
      {
        path: PORTAL_ROUTES.virtualConsultant.path,
        element: <OverviewRoute />,
        handle: handleOf(PORTAL_ROUTES.virtualConsultant),
      },
      { path: PORTAL_ROUTES.consultantTroubleshooter.path, element: <TroubleshooterRoute /> },
      { path: PORTAL_ROUTES.consultantAsk.path, element: <AskRoute /> },
      { path: PORTAL_ROUTES.login.path, element: <p>Sign-in page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    withQueries(
      <SessionFixture value={fakeSession({ status: AUTH_STATUS.UNAUTHENTICATED, user: null, profile: null })}>
        <RouterProvider router={router} />
      </SessionFixture>,
    ),
  );
  return { router, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  window.sessionStorage.clear();
});

describe('suggestion list', () => {
  it('groups by area in the order a fit is worked through, with the kind in words and the source', () => {
    render(
      <SuggestionList
        suggestions={[
          suggestion({ area: 'power', kind: 'change', action: 'Add +0.50 D' }),
          suggestion({ area: 'timing', kind: 'check', action: 'Judge again after 20 minutes' }),
          suggestion({ area: 'central-clearance', kind: 'keep', action: 'Keep the sag' }),
        ]}
      />,
    );
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['When to judge', 'Central clearance', 'Power']);
    const timing = screen.getByRole('region', { name: 'When to judge' });
    expect(within(timing).getByRole('listitem')).toHaveTextContent(/^Check first: ?Judge again after 20 minutes/);
    expect(within(screen.getByRole('region', { name: 'Central clearance' })).getByRole('listitem')).toHaveTextContent(
      /^Keep: ?Keep the sag/,
    );
    expect(within(screen.getByRole('region', { name: 'Power' })).getByText(/^Source: Published/)).toBeInTheDocument();
  });

  it('marks a suggestion resting on a lab default with a visible "Lab default" badge and says what it means', () => {
    render(
      <SuggestionList
        suggestions={[
          suggestion({ action: 'Decrease the sag by 200 µm', labDefault: true }),
          suggestion({ area: 'limbal-clearance', action: 'Keep the limbal zone', kind: 'keep' }),
        ]}
      />,
    );
    const [central, limbal] = screen.getAllByRole('listitem');
    expect(within(central!).getByText('Lab default')).toBeVisible();
    expect(within(limbal!).queryByText('Lab default')).not.toBeInTheDocument();
    expect(screen.getByText(/a number in the suggestion is the lab.s own choice/)).toBeInTheDocument();
  });

  it('says so when there is nothing to suggest', () => {
    render(<SuggestionList suggestions={[]} />);
    expect(screen.getByText('No suggestions.')).toBeInTheDocument();
  });
});

describe('observations summary', () => {
  it('lists the lens, wear time, clearances, landing by clock hour, tests, fogging and over-refraction', () => {
    const observations = troubleshooterInputSchema.parse({
      lens: { lensId: 'ampleye', diameterMm: 16.5, sagUm: 4200, landing: 'toric' },
      minutesOnEye: 30,
      centralClearanceUm: 0,
      limbalClearanceUm: { superior: 80, nasal: 0 },
      landing: [
        { hour: 9, finding: 'blanching' },
        { hour: 3, finding: 'blanching' },
        { hour: 12, finding: 'edge-lift' },
      ],
      rotationTest: 'returns-slowly',
      middayFogging: true,
      overRefraction: { sphere: 1.25, cylinder: -0.75, axis: 180, cylinderMatchesOverK: true },
      toricMarksAt: 3,
    });
    render(<ObservationsSummary observations={observations} designs={CONSULTANT_SETUP.designs} />);
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Lens')).toBe('Ampleye, 16.5 mm, sag 4200 µm, toric landing');
    expect(value('Minutes on eye')).toBe('30 min');
    expect(value('Central clearance')).toBe('Touch (0 µm)');
    expect(value('Limbal clearance')).toBe('Superior 80 µm, Nasal 0 µm (touch)');
    expect(value('Landing by clock hour')).toBe("Edge lift at 12 o'clockBlanching (compression) at 3, 9 o'clock");
    expect(value('Rotation test')).toBe('Returns slowly');
    expect(value('Midday fogging')).toBe('Yes');
    expect(value('Over-refraction')).toBe('+1.25 D / −0.75 D × 180 (cylinder matches the over-K)');
    expect(value('Toric marks at')).toBe("3 o'clock");
    expect(screen.queryByText('Tap test')).not.toBeInTheDocument();
  });
});

describe('troubleshooter handoff (this tab only)', () => {
  const observations = troubleshooterInputSchema.parse({ lens: { landing: 'toric' }, minutesOnEye: 30 });

  it('reads back what was saved, with the eye', () => {
    saveTroubleshooterHandoff({ observations, eye: 'OD' });
    expect(readTroubleshooterHandoff()).toEqual({ observations, eye: 'OD' });
    clearTroubleshooterHandoff();
    expect(readTroubleshooterHandoff()).toBeNull();
  });

  it('treats unreadable or out-of-date data as no handoff', () => {
    window.sessionStorage.setItem('ampleyeConsultant.handoff.v1', 'not json');
    expect(readTroubleshooterHandoff()).toBeNull();
    window.sessionStorage.setItem(
      'ampleyeConsultant.handoff.v1',
      JSON.stringify({ observations: { lens: { landing: 'oval' }, minutesOnEye: 30 } }),
    );
    expect(readTroubleshooterHandoff()).toBeNull();
  });
});

describe('the consultant pages (public, one layout)', () => {
  it('the overview says what Ampleye is, how it works, the answer target and that it is decision support', async () => {
    renderPages('/ampleye-virtual-consultant');
    expect(screen.getByRole('heading', { level: 1, name: 'Ampleye Virtual Consultant' })).toBeInTheDocument();
    expect(
      screen.getByText(/Rotation marks sit on the flat meridian and the sag indicator on the steep/),
    ).toBeInTheDocument();
    expect(screen.getByText(/within one business day/)).toBeInTheDocument();
    expect(screen.getByText(/decision support for the licensed fitter/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '+1 555 0100' })[0]).toHaveAttribute('href', 'tel:+15550100');
    expect(screen.getByRole('link', { name: 'Start the troubleshooter' })).toHaveAttribute(
      'href',
      '/ampleye-virtual-consultant/troubleshooter',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('the nav moves between the three pages and marks the current one', async () => {
    const { router, user } = renderPages('/ampleye-virtual-consultant');
    const nav = () => screen.getByRole('navigation', { name: 'Ampleye Virtual Consultant' });
    expect(within(nav()).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav()).getByRole('link', { name: 'Troubleshooter' }));
    expect(router.state.location.pathname).toBe('/ampleye-virtual-consultant/troubleshooter');
    expect(within(nav()).getByRole('link', { name: 'Troubleshooter' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    await user.click(within(nav()).getByRole('link', { name: 'Ask a consultant' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask a consultant' })).toBeInTheDocument();
  });

  it('the troubleshooter page opens by its own address and passes axe', async () => {
    renderPages('/ampleye-virtual-consultant/troubleshooter');
    await screen.findByRole('option', { name: 'Ampleye' });
    expect(screen.getByRole('heading', { level: 1, name: 'Scleral fit troubleshooter' })).toBeInTheDocument();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('the landing step (clock face and list) passes axe', async () => {
    const { user } = renderPages('/ampleye-virtual-consultant/troubleshooter');
    await screen.findByRole('option', { name: 'Ampleye' });
    await user.click(screen.getByRole('radio', { name: 'Toric' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Minutes on eye'), '30');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('group', { name: /Clock face/ })).toBeInTheDocument();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('the result step passes axe', async () => {
    const { user } = renderPages('/ampleye-virtual-consultant/troubleshooter');
    await screen.findByRole('option', { name: 'Ampleye' });
    await user.click(screen.getByRole('radio', { name: 'Toric' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Minutes on eye'), '30');
    await user.type(screen.getByLabelText('Central clearance (µm)'), '450');
    for (const name of ['Next', 'Next', 'Next', 'See suggestions'])
      await user.click(screen.getByRole('button', { name }));
    expect(screen.getByRole('button', { name: 'Ask a consultant about this' })).toBeInTheDocument();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('the ask page opens by its own address, with the carried-over findings, and passes axe', async () => {
    saveTroubleshooterHandoff({
      observations: troubleshooterInputSchema.parse({
        lens: { lensId: 'ampleye', landing: 'toric' },
        minutesOnEye: 30,
        centralClearanceUm: 450,
      }),
    });
    renderPages('/ampleye-virtual-consultant/ask');
    await screen.findByRole('region', { name: 'From the troubleshooter' });
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('every consultant page is public and titled "Ampleye Virtual Consultant"', () => {
    for (const route of [
      PORTAL_ROUTES.virtualConsultant,
      PORTAL_ROUTES.consultantTroubleshooter,
      PORTAL_ROUTES.consultantAsk,
    ]) {
      expect(route.guarded).toBe(false);
      expect(route.title).toBe('Ampleye Virtual Consultant');
    }
  });
});
