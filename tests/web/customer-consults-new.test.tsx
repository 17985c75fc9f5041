import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TROUBLESHOOTER_SETTINGS } from '../../core/schemas/consults';
import type { ConsultFileUploads } from '../../web/src/features/consults/customer/consult-files-field';
import { NewConsultPage } from '../../web/src/features/consults/customer/new-consult-page';
import {
  readTroubleshooterHandoff,
  saveTroubleshooterHandoff,
} from '../../web/src/features/consults/model/troubleshooter-handoff';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import {
  AMPLEYE,
  CONSULT_ID,
  OBSERVATIONS,
  PAST_ORDER_ID,
  aConsult,
  aShippedOrder,
  aShippedSummary,
} from './support/consult-fakes';
import { answer, callsTo, withQueries, type Handler } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const PAST_ORDER = aShippedOrder(30);

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function fakeUploads(overrides: Partial<ConsultFileUploads> = {}): ConsultFileUploads {
  return {
    problem: (file) => (file.name.startsWith('huge') ? 'This file is larger than 50 MB.' : undefined),
    upload: vi.fn(async () => undefined),
    failureText: (error) => (error instanceof Error ? error.message : 'failed'),
    ...overrides,
  };
}

/** The routes the form reads, plus submitConsult answering the stored consult; `extra` overrides any. */
function answerForm(extra: Record<string, Handler> = {}) {
  answer({
    listLensDesigns: () => ({ items: [AMPLEYE] }),
    listAccountOrders: () => ({ items: [aShippedSummary(PAST_ORDER)], nextCursor: null }),
    getOrder: () => PAST_ORDER,
    getConsultantSetup: () => ({ settings: DEFAULT_TROUBLESHOOTER_SETTINGS, designs: [] }),
    submitConsult: (input) => aConsult({ consultId: input.consultId as string }),
    ...extra,
  });
}

function renderForm(uploads = fakeUploads()) {
  render(
    withQueries(
      <MemoryRouter initialEntries={['/customer/consults/new']}>
        <Routes>
          <Route path="/customer/consults/new" element={<NewConsultPage accountNumber="LL-1001" uploads={uploads} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return { user: userEvent.setup(), uploads };
}

async function fillPatientAndQuestion(user: ReturnType<typeof userEvent.setup>, eye: 'OD' | 'OS' = 'OD') {
  await user.type(screen.getByLabelText('Patient reference'), 'Jordan Reyes');
  await user.click(screen.getByRole('radio', { name: eye === 'OD' ? 'OD (right eye)' : 'OS (left eye)' }));
  await user.type(screen.getByLabelText('Question for the consultant'), 'How much sag should come off?');
}

async function choosePastOrder(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Shipped order'), PAST_ORDER_ID);
}

const send = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Send to the lab' }));

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  window.sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('Ask a consultant: the current lens from a past order', () => {
  it("lists the account's shipped orders and takes the eye's line as ordered, with the order id", async () => {
    answerForm();
    const { user } = renderForm();
    await fillPatientAndQuestion(user);
    await choosePastOrder(user);

    const lens = await screen.findByRole('region', { name: 'Lens of order LL-000042' });
    expect(within(lens).getByRole('heading', { name: 'OD (right eye): Ampleye' })).toBeInTheDocument();
    expect(lens).toHaveTextContent('Sagittal depth4500 µm');
    expect(lens).toHaveTextContent('Diameter16.5 mm');
    expect(lens).toHaveTextContent('Landing zoneToric');
    expect(callsTo('listAccountOrders')[0]).toMatchObject({ accountNumber: 'LL-1001', status: 'closed' });

    await send(user);

    expect(await screen.findByTestId('location')).toHaveTextContent(`/customer/consults/`);
    const [sent] = callsTo('submitConsult');
    expect(sent).toEqual({
      consultId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accountNumber: 'LL-1001',
      patientReference: 'Jordan Reyes',
      eye: 'OD',
      currentLens: {
        fromOrderId: PAST_ORDER_ID,
        lensId: 'ampleye',
        designName: 'Ampleye',
        parameters: { sagittalDepth: 4500, diameter: 16.5, landingZone: 'toric' },
      },
      question: 'How much sag should come off?',
    });
  });

  it('an order without a lens for the chosen eye says so, and nothing is sent', async () => {
    answerForm();
    const { user } = renderForm();
    await fillPatientAndQuestion(user, 'OS');
    await choosePastOrder(user);
    expect(await screen.findByText(/Order LL-000042 has no lens for OS/)).toBeInTheDocument();

    await send(user);

    expect(screen.getByLabelText('Shipped order')).toHaveAccessibleDescription(
      expect.stringContaining('Order LL-000042 has no lens for OS'),
    );
    expect(callsTo('submitConsult')).toEqual([]);
  });

  it('sending without choosing an order or an eye names each missing field, and sends nothing', async () => {
    answerForm();
    const { user } = renderForm();
    await screen.findByLabelText('Shipped order');
    await send(user);

    const summary = await screen.findByRole('alert', { name: /Please correct/ });
    expect(summary).toHaveTextContent('Patient reference is required');
    expect(summary).toHaveTextContent('Choose the eye: OD (right) or OS (left)');
    expect(summary).toHaveTextContent('Choose the order the lens came from');
    expect(summary).toHaveTextContent('Question is required');
    expect(screen.getByLabelText('Patient reference')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('submitConsult')).toEqual([]);
  });
  it("a bad field gets the schema's message beside it and the focus, and nothing is sent", async () => {
    answerForm();
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Patient reference'), 'Jordan Reyes');
    await user.click(screen.getByRole('radio', { name: 'OD (right eye)' }));
    await choosePastOrder(user);
    await screen.findByRole('region', { name: 'Lens of order LL-000042' });
    const question = screen.getByLabelText('Question for the consultant');
    await user.type(question, '   ');
    await send(user);

    await waitFor(() => expect(question).toHaveFocus());
    expect(question).toHaveAccessibleDescription(expect.stringContaining('Question is required'));
    expect(screen.getByRole('alert', { name: 'Please correct 1 problem' })).toHaveTextContent('Question is required');
    expect(screen.getByLabelText('Patient reference')).not.toHaveAttribute('aria-invalid');
    expect(callsTo('submitConsult')).toEqual([]);
  });
});

describe('Ask a consultant: a typed lens', () => {
  it('needs a catalog design, checks typed parameters against its ranges, and sends what was typed', async () => {
    answerForm();
    const { user } = renderForm();
    await fillPatientAndQuestion(user);
    await user.click(screen.getByRole('radio', { name: 'Type it in' }));
    await send(user);
    expect(screen.getByLabelText('Lens design')).toHaveAccessibleDescription('Choose the lens design');

    await user.selectOptions(screen.getByLabelText('Lens design'), 'ampleye');
    const sag = screen.getByLabelText('Sagittal depth (optional)');
    await user.type(sag, '7000');
    expect(sag).toHaveAccessibleDescription('Sagittal depth must be between 3500 and 6000 µm');
    await send(user);
    expect(callsTo('submitConsult')).toEqual([]);

    await user.clear(sag);
    await user.type(sag, '4450');
    expect(sag).not.toHaveAttribute('aria-invalid');
    await send(user);

    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(callsTo('submitConsult')[0]!.currentLens).toEqual({
      lensId: 'ampleye',
      designName: 'Ampleye',
      parameters: { sagittalDepth: 4450 },
    });
  });
});

describe('Ask a consultant: the troubleshooter findings', () => {
  it('shows the handoff with its suggestions and the eye it was for, and sends the observations', async () => {
    saveTroubleshooterHandoff({ observations: OBSERVATIONS, eye: 'OS' });
    answerForm({ listAccountOrders: () => ({ items: [], nextCursor: null }) });
    const { user } = renderForm();

    const findings = screen.getByRole('region', { name: 'Troubleshooter findings' });
    expect(within(findings).getByText('Central clearance', { selector: 'dt' })).toBeInTheDocument();
    expect(within(findings).getByText('30 min')).toBeInTheDocument();
    expect(await within(findings).findByText(/Decrease the sag/i)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'OS (left eye)' })).toBeChecked();

    await user.type(screen.getByLabelText('Patient reference'), 'Jordan Reyes');
    await user.type(screen.getByLabelText('Question for the consultant'), 'Agree?');
    await user.click(screen.getByRole('radio', { name: 'Type it in' }));
    await user.selectOptions(screen.getByLabelText('Lens design'), 'ampleye');
    await send(user);

    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(callsTo('submitConsult')[0]!.observations).toEqual(OBSERVATIONS);
    expect(readTroubleshooterHandoff()).toBeNull(); // sent with the request: the next one starts without
  });

  it('"Remove the findings" takes them out of the request and offers the troubleshooter instead', async () => {
    saveTroubleshooterHandoff({ observations: OBSERVATIONS });
    answerForm();
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Remove the findings' }));

    const findings = screen.getByRole('region', { name: 'Troubleshooter findings' });
    expect(within(findings).queryByText('Central clearance', { selector: 'dt' })).toBeNull();
    expect(within(findings).getByRole('link', { name: 'Run the troubleshooter first' })).toHaveAttribute(
      'href',
      '/ampleye-virtual-consultant/troubleshooter',
    );
    expect(readTroubleshooterHandoff()).toBeNull();

    await fillPatientAndQuestion(user);
    await choosePastOrder(user);
    await screen.findByRole('region', { name: 'Lens of order LL-000042' });
    await send(user);
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(callsTo('submitConsult')[0]).not.toHaveProperty('observations');
  });
});

describe('Ask a consultant: sending and the files', () => {
  async function readyToSend(user: ReturnType<typeof userEvent.setup>) {
    await fillPatientAndQuestion(user);
    await choosePastOrder(user);
    await screen.findByRole('region', { name: 'Lens of order LL-000042' });
  }

  it('refuses a file the limits do not allow before anything is sent, and uploads the chosen files to the stored consult with progress, showing a retry on the bar (spec 9)', async () => {
    type UploadEvents = { onProgress: (percent: number) => void; onRetrying: () => void };
    let events: UploadEvents = { onProgress: () => undefined, onRetrying: () => undefined };
    let finish: () => void = () => undefined;
    const upload = vi.fn(
      (_consultId: string, _file: File, given: UploadEvents) =>
        new Promise<void>((resolve) => {
          events = given;
          finish = resolve;
        }),
    );
    answerForm({ submitConsult: (input) => aConsult({ consultId: input.consultId as string }) });
    const { user } = renderForm(fakeUploads({ upload }));
    await readyToSend(user);
    const input = screen.getByLabelText('Add photos, OCT or topography');
    await user.upload(input, [
      new File(['%PDF'], 'topography.pdf', { type: 'application/pdf' }),
      new File(['%PDF'], 'huge-scan.pdf', { type: 'application/pdf' }),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('huge-scan.pdf: This file is larger than 50 MB.');
    expect(within(screen.getByRole('list', { name: 'Files to attach' })).getAllByRole('listitem')).toHaveLength(1);

    await send(user);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading topography.pdf' });
    const [sent] = callsTo('submitConsult');
    expect(upload).toHaveBeenCalledWith(sent!.consultId, expect.any(File), expect.any(Object));
    await act(async () => events.onProgress(40));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    // spec 9: a dropped connection shows the retry on the bar, keeping what was sent, not an error.
    await act(async () => events.onRetrying());
    expect(bar).toHaveAttribute('aria-valuetext', 'Retrying, 40% sent before');
    expect(screen.getByText('Retrying…')).toBeInTheDocument();
    await act(async () => events.onProgress(70));
    expect(bar).toHaveAttribute('aria-valuetext', '70%');
    expect(screen.queryByTestId('location')).toBeNull();

    await act(async () => finish());
    expect(await screen.findByTestId('location')).toHaveTextContent(`/customer/consults/${sent!.consultId}`);
  });

  it('a failed upload leaves the request sent and names the file to add again from its page', async () => {
    const upload = vi.fn(async (_id: string, file: File) => {
      if (file.name === 'oct.png') throw new Error('Upload failed with status 0: network error');
    });
    answerForm({ submitConsult: () => aConsult() });
    const { user } = renderForm(fakeUploads({ upload }));
    await readyToSend(user);
    await user.upload(screen.getByLabelText('Add photos, OCT or topography'), [
      new File(['%PDF'], 'topography.pdf', { type: 'application/pdf' }),
      new File(['png'], 'oct.png', { type: 'image/png' }),
    ]);
    await send(user);

    const alert = (
      await screen.findByText('Your request AVC-000042 was sent, but not every file was attached')
    ).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent("Add this file again from the consult's page: oct.png.");
    expect(within(alert).getByRole('link', { name: 'Open consult AVC-000042' })).toHaveAttribute(
      'href',
      `/customer/consults/${CONSULT_ID}`,
    );
    expect(screen.getByText('Upload failed with status 0: network error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to the lab' })).toBeDisabled();
    expect(callsTo('submitConsult')).toHaveLength(1);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it("a retry after a lost answer sends the same consult id; the server's field messages show at the fields", async () => {
    let attempt = 0;
    answerForm({
      submitConsult: () => {
        attempt += 1;
        if (attempt === 1) throw new CallableError({ route: 'submitConsult', httpStatus: 0, message: '' });
        throw new CallableError({
          route: 'submitConsult',
          httpStatus: 400,
          message: 'Check the form',
          fieldErrors: { 'currentLens.fromOrderId': ['That order is not one of this account'] },
        });
      },
    });
    const { user } = renderForm();
    await readyToSend(user);
    await send(user);
    expect(await screen.findByText(/The request could not be sent/)).toBeInTheDocument();

    await send(user);
    expect(await screen.findByLabelText('Shipped order')).toHaveAccessibleDescription(
      expect.stringContaining('That order is not one of this account'),
    );
    const [first, second] = callsTo('submitConsult');
    expect(second!.consultId).toBe(first!.consultId);
  });
});
