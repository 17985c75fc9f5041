import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATUS } from '../../core/rules/auth-status';
import {
  HONEYPOT_FIELD,
  PUBLIC_CONSULT_RATE_MESSAGE,
  submitPublicConsultInputSchema,
  troubleshooterInputSchema,
} from '../../core/schemas/consults';
import { AskConsultant } from '../../web/src/features/consults/components/ask-consultant';
import {
  readTroubleshooterHandoff,
  saveTroubleshooterHandoff,
} from '../../web/src/features/consults/model/troubleshooter-handoff';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { CONSULTANT_SETUP } from './support/consult-fakes';
import { answer, callsTo, withQueries, type Handler } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const VISITOR = fakeSession({
  status: AUTH_STATUS.UNAUTHENTICATED,
  user: null,
  profile: null,
  displayName: '',
});

function renderAsk({
  submit = () => ({ reference: 'AVC-000042' }),
  session = VISITOR,
}: { submit?: Handler; session?: ReturnType<typeof fakeSession> } = {}) {
  answer({ getConsultantSetup: () => CONSULTANT_SETUP, submitPublicConsult: submit });
  render(
    withQueries(
      <SessionFixture value={session}>
        <MemoryRouter initialEntries={['/ampleye-virtual-consultant/ask']}>
          <AskConsultant />
        </MemoryRouter>
      </SessionFixture>,
    ),
  );
  return userEvent.setup();
}

type User = ReturnType<typeof userEvent.setup>;
const send = (user: User) => user.click(screen.getByRole('button', { name: 'Send to a consultant' }));

async function fillValidRequest(user: User) {
  await user.type(await screen.findByLabelText('Practice name'), 'ClearSight Optometry');
  await user.type(screen.getByLabelText('Your name'), 'Jamie Lindqvist');
  await user.type(screen.getByLabelText('Email'), 'jamie@clearsight.test');
  await user.type(screen.getByLabelText('License number'), 'OR-12345');
  await user.type(screen.getByLabelText('Patient initials'), 'JS');
  await user.click(screen.getByRole('radio', { name: 'OD (right eye)' }));
  await user.selectOptions(screen.getByLabelText('Current lens'), 'ampleye');
  await user.clear(screen.getByLabelText('Sag (µm, optional)'));
  await user.type(screen.getByLabelText('Sag (µm, optional)'), '4200');
  await user.type(screen.getByLabelText('Question'), 'Central clearance 450 µm at 30 minutes. How much sag off?');
}

const OBSERVATIONS = troubleshooterInputSchema.parse({
  lens: { lensId: 'ampleye', diameterMm: 16.5, sagUm: 4200, landing: 'toric' },
  minutesOnEye: 30,
  centralClearanceUm: 450,
});

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  window.sessionStorage.clear();
});

describe('ask a consultant (a visitor’s request)', () => {
  it("shows the request schema's messages at the fields and sends nothing", async () => {
    const user = renderAsk();
    await screen.findByLabelText('Practice name');
    await user.type(screen.getByLabelText('Patient initials'), 'J.S');
    await user.type(screen.getByLabelText('Sag (µm, optional)'), 'deep');
    await send(user);

    expect(callsTo('submitPublicConsult')).toEqual([]);
    expect(screen.getByLabelText('Practice name')).toHaveAccessibleDescription('Practice name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText('Patient initials')).toHaveAccessibleDescription(
      expect.stringContaining('Patient initials only: 1 to 3 letters'),
    );
    expect(screen.getByRole('group', { name: 'Eye' })).toHaveAccessibleDescription('Eye is OD or OS');
    expect(screen.getByLabelText('Current lens')).toHaveAccessibleDescription('Lens design is required');
    expect(screen.getByLabelText('Sag (µm, optional)')).toHaveAccessibleDescription('Sag is a number of micrometres');
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription(
      expect.stringContaining('Question is required'),
    );
    expect(screen.getByLabelText('Practice name')).toHaveFocus();
  });

  it('patient initials only: the field says why, and takes at most three letters', async () => {
    renderAsk();
    const initials = await screen.findByLabelText('Patient initials');
    expect(initials).toHaveAccessibleDescription(expect.stringContaining('no names or dates of birth'));
    expect(initials).toHaveAttribute('maxlength', '3');
  });

  it('the honeypot is out of sight, out of the tab order, hidden from screen readers and never autofilled', async () => {
    const user = renderAsk();
    await screen.findByLabelText('Practice name');
    const honeypot = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
    expect(honeypot).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot.closest('.visually-hidden')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();

    // Tabbing through the whole form never lands on it.
    const visited = new Set<Element | null>();
    for (let i = 0; i < 40; i += 1) {
      await user.tab();
      visited.add(document.activeElement);
    }
    expect(visited.has(honeypot)).toBe(false);
  });

  it('sends a request the server schema accepts, with the chosen design and an empty honeypot', async () => {
    const user = renderAsk();
    await fillValidRequest(user);
    await send(user);

    await screen.findByText('AVC-000042');
    const [sent] = callsTo('submitPublicConsult');
    expect(submitPublicConsultInputSchema.safeParse(sent).success).toBe(true);
    expect(sent).toMatchObject({
      practiceName: 'ClearSight Optometry',
      patientInitials: 'JS',
      eye: 'OD',
      currentLens: { lensId: 'ampleye', designName: 'Ampleye', parameters: { sagittalDepth: 4200 } },
      [HONEYPOT_FIELD]: '',
    });
    expect(sent).not.toHaveProperty('observations');
  });

  it("maps the server's field errors onto their fields", async () => {
    const user = renderAsk({
      submit: () => {
        throw new CallableError({
          route: 'submitPublicConsult',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'Some fields are not valid',
          fieldErrors: {
            licenceNumber: ['License number may hold letters, digits, spaces, dots, slashes and dashes'],
            'currentLens.parameters.sagittalDepth': ['Sag is at most 6000 µm'],
          },
        });
      },
    });
    await fillValidRequest(user);
    await send(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid');
    expect(screen.getByLabelText('License number')).toHaveAccessibleDescription(
      expect.stringContaining('License number may hold letters'),
    );
    expect(screen.getByLabelText('Sag (µm, optional)')).toHaveAccessibleDescription('Sag is at most 6000 µm');
    expect(screen.getByLabelText('License number')).toHaveFocus();
  });

  it('a refused request keeps the same consult id when sent again, and the rate limit message shows by the button', async () => {
    let calls = 0;
    const user = renderAsk({
      submit: () => {
        calls += 1;
        if (calls === 1)
          throw new CallableError({
            route: 'submitPublicConsult',
            httpStatus: 429,
            status: 'resource-exhausted',
            message: PUBLIC_CONSULT_RATE_MESSAGE,
          });
        return { reference: 'AVC-000043' };
      },
    });
    await fillValidRequest(user);
    await send(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PUBLIC_CONSULT_RATE_MESSAGE);
    // Right above the button the user just pressed.
    expect(alert.nextElementSibling).toContainElement(screen.getByRole('button', { name: 'Send to a consultant' }));

    await send(user);
    await screen.findByText('AVC-000043');
    const [first, second] = callsTo('submitPublicConsult');
    expect(second!.consultId).toBe(first!.consultId);
    expect(first!.consultId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('once sent it shows only the reference number and what happens next', async () => {
    saveTroubleshooterHandoff({ observations: OBSERVATIONS });
    const user = renderAsk();
    await fillValidRequest(user);
    await send(user);

    const sent = await screen.findByRole('region', { name: 'Request sent' });
    expect(sent).toHaveTextContent('Your reference number is AVC-000042');
    expect(sent).toHaveTextContent('A consultant answers by email within one business day.');
    expect(screen.getByRole('heading', { name: 'Request sent' })).toHaveFocus();
    // Nothing of what was sent is shown back, and the form is gone.
    expect(screen.queryByText(/ClearSight/)).not.toBeInTheDocument();
    expect(screen.queryByText(/450 µm/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to a consultant' })).not.toBeInTheDocument();
    // The observations went with the request, and the troubleshooter's copy in this tab has done its job.
    expect(callsTo('submitPublicConsult')[0]).toMatchObject({ observations: { centralClearanceUm: 450 } });
    expect(readTroubleshooterHandoff()).toBeNull();
  });

  it("shows the troubleshooter's observations and suggestions read-only, and can remove them", async () => {
    saveTroubleshooterHandoff({ observations: OBSERVATIONS, eye: 'OS' });
    const user = renderAsk();
    const carried = await screen.findByRole('region', { name: 'From the troubleshooter' });
    expect(within(carried).getByText('450 µm')).toBeInTheDocument();
    expect(within(carried).getByText('Decrease the sag by 200 µm')).toBeInTheDocument();
    expect(within(carried).queryByRole('textbox')).not.toBeInTheDocument();
    // The lens and eye the troubleshooter was run for start the form.
    expect(screen.getByLabelText('Current lens')).toHaveValue('ampleye');
    expect(screen.getByLabelText('Sag (µm, optional)')).toHaveValue('4200');
    expect(screen.getByRole('radio', { name: 'OS (left eye)' })).toBeChecked();

    await user.click(within(carried).getByRole('button', { name: 'Remove from the request' }));
    expect(screen.queryByRole('region', { name: 'From the troubleshooter' })).not.toBeInTheDocument();
    expect(readTroubleshooterHandoff()).toBeNull();

    await fillValidRequest(user);
    await send(user);
    await screen.findByText('AVC-000042');
    expect(callsTo('submitPublicConsult')[0]).not.toHaveProperty('observations');
  });

  it('a signed-in customer is offered the account form first, and can still use this one', async () => {
    renderAsk({ session: fakeSession() });
    const link = await screen.findByRole('link', { name: 'Send it from your account' });
    expect(link).toHaveAttribute('href', '/customer/consults/new');
    expect(await screen.findByLabelText('Practice name')).toBeInTheDocument();
  });

  it('a visitor sees no account link, and is told images need a sign-in', async () => {
    renderAsk();
    await screen.findByLabelText('Practice name');
    expect(screen.queryByRole('link', { name: 'Send it from your account' })).not.toBeInTheDocument();
    expect(screen.getByText(/Visitors cannot attach images/)).toBeInTheDocument();
  });
});
