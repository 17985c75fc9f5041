import { CHANGED_MESSAGES } from '../../core/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consult } from '../../core/schemas/consults';
import ConsultDetailRoute from '../../web/src/app/routes/admin/consult-detail';
import { ConsultReview } from '../../web/src/features/consults/lab/consult-review';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, type Handler, renderAt } from './support/fake-api';
import { CONSULT_ID, LEAD_ID, aConsult, aLead, ampleye, answered } from './support/lab-consult-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/** Stands in for the attachments feature the page composes in; the lab only looks. */
function FakeAttachments({ consultId, canChange }: { consultId: string; canChange: boolean }) {
  return (
    <p>
      Files of {consultId}
      {canChange ? ' (changeable)' : ' (read only)'}
    </p>
  );
}

const catalogue = () => ({ items: [ampleye()] });

const renderReview = (consult: Consult, routes: Record<string, Handler> = {}) => {
  answer({ getLabConsult: () => consult, listLensDesigns: catalogue, ...routes });
  return renderAt(
    `/admin/consults/${consult.consultId}`,
    '/admin/consults/:consultId',
    <ConsultReview consultId={consult.consultId} Attachments={FakeAttachments} />,
  );
};

const answerForm = () => screen.findByRole('form', { name: 'Answer' });
const sagField = () => screen.getByRole('spinbutton', { name: 'Sagittal depth' });

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('the lab consult detail', () => {
  it("shows who asked, the current lens, the question, the observations, the suggestions and the practice's files", async () => {
    renderReview(aConsult());
    expect(await screen.findByRole('heading', { level: 1, name: 'Consult AVC-000042' })).toBeInTheDocument();
    const request = screen.getByRole('region', { name: 'Request' });
    expect(request).toHaveTextContent('BV-1001');
    expect(request).toHaveTextContent('Dana Okafor');
    expect(within(request).getByRole('link', { name: 'dana@practice.test' })).toHaveAttribute(
      'href',
      'mailto:dana@practice.test',
    );
    const lens = screen.getByRole('region', { name: 'Current lens' });
    expect(lens).toHaveTextContent('Sagittal depth4200 µm');
    expect(lens).toHaveTextContent('Diameter16.5 mm');
    expect(screen.getByRole('region', { name: 'Question' })).toHaveTextContent('superior limbus touches');
    const observations = screen.getByRole('region', { name: 'Observations' });
    expect(observations).toHaveTextContent('Minutes on eye30 min');
    expect(observations).toHaveTextContent('Ampleye');
    const suggestions = screen.getByRole('region', { name: 'Suggestions' });
    expect(within(suggestions).getByText('Decrease the sag by 150 µm')).toBeInTheDocument();
    expect(within(suggestions).getByText('Raise the limbal clearance by 50 µm')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Images' })).toHaveTextContent(`Files of ${CONSULT_ID} (read only)`);
  });

  it("a visitor's request lists the practice, contact, email, license and phone, is marked a lead and has no files", async () => {
    renderReview(aLead());
    const request = await screen.findByRole('region', { name: 'Request' });
    for (const text of ['Vega Eye Care', 'Lead', 'Robin Vega', 'robin@vega-eyes.test', 'OD-12345', '555-0199'])
      expect(request).toHaveTextContent(text);
    expect(screen.getByRole('region', { name: 'Images' })).toHaveTextContent('Visitors cannot attach files');
    expect(screen.getByRole('region', { name: 'Observations' })).toHaveTextContent('troubleshooter was not used');
  });

  it("the page shows the practice's files read only: download, but no upload or delete", async () => {
    answer({
      getLabConsult: () => aConsult(),
      listLensDesigns: catalogue,
      listConsultFiles: () => ({
        files: [{ filename: 'oct 30min.pdf', size: 2048, contentType: 'application/pdf', lastModified: '2025-01-02' }],
      }),
    });
    renderAt(`/admin/consults/${CONSULT_ID}`, '/admin/consults/:consultId', <ConsultDetailRoute />);
    const images = await screen.findByRole('region', { name: 'Images' });
    expect(await within(images).findByText('oct 30min.pdf')).toBeInTheDocument();
    expect(within(images).getByRole('button', { name: 'Download oct 30min.pdf' })).toBeInTheDocument();
    expect(within(images).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(images).queryByLabelText('Add files')).not.toBeInTheDocument();
    expect(callsTo('listConsultFiles')).toEqual([{ consultId: CONSULT_ID }]);
  });

  it('a mistyped consult id shows "Consult not found" without asking the server', async () => {
    answer({ listLensDesigns: catalogue });
    renderAt('/admin/consults/nope', '/admin/consults/:consultId', <ConsultReview consultId="not a uuid" />);
    expect(await screen.findByRole('heading', { name: 'Consult not found' })).toBeInTheDocument();
    expect(callsTo('getLabConsult')).toEqual([]);
  });
});

describe('the answer form', () => {
  it("checks the proposed values against the design's ranges and steps as the user types", async () => {
    const user = renderReview(aConsult());
    await answerForm();
    expect(screen.getByRole('combobox', { name: 'Lens design' })).toHaveValue('ampleye');
    await user.type(sagField(), '7000');
    expect(sagField()).toHaveAccessibleDescription(/Sagittal depth must be between 3500 and 6000 µm/);
    await user.clear(sagField());
    await user.type(sagField(), '4025');
    expect(sagField()).toHaveAccessibleDescription(/Sagittal depth must be in steps of 50 µm/);
    await user.clear(sagField());
    await user.type(sagField(), '4050');
    expect(sagField()).not.toHaveAttribute('aria-invalid');
  });

  it('"Start from the suggestions" fills the current lens with the suggested changes applied', async () => {
    const user = renderReview(aConsult());
    await answerForm();
    await user.click(screen.getByRole('button', { name: 'Start from the suggestions' }));
    expect(sagField()).toHaveValue(4050);
    expect(screen.getByRole('spinbutton', { name: 'Limbal clearance (optional)' })).toHaveValue(50);
    expect(screen.getByRole('spinbutton', { name: 'Diameter' })).toHaveValue(16.5);
    expect(screen.getByRole('combobox', { name: 'Landing zone' })).toHaveValue('toric');
    expect(screen.getByText('Filled from the current lens with 2 suggested changes applied.')).toBeInTheDocument();
    expect(sagField()).toHaveAccessibleDescription('Changed from 4200 µm');
  });

  it('an answer being typed is not lost: closing or reloading the tab asks first, an untouched form does not', async () => {
    const user = renderReview(aConsult());
    const form = await answerForm();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(within(form).getByRole('textbox', { name: 'Answer' }), 'Lower the sag by 150 µm.');
    expect(leave()).toBe(true);
  });

  it('marks what is missing on send; a complete answer sends the text, the proposal and the version read', async () => {
    const user = renderReview(aConsult(), { replyToConsult: () => answered({ version: 4 }) });
    await answerForm();
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    // The check runs asynchronously (the form library's resolver): wait for its first message.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveAccessibleDescription(/Answer is required/),
    );
    expect(sagField()).toHaveAccessibleDescription('Sagittal depth is required');
    expect(callsTo('replyToConsult')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Start from the suggestions' }));
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Take 150 µm off the sag.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(callsTo('replyToConsult')).toHaveLength(1));
    expect(callsTo('replyToConsult')[0]).toEqual({
      consultId: CONSULT_ID,
      version: 3,
      text: 'Take 150 µm off the sag.',
      proposal: {
        lensId: 'ampleye',
        parameters: { sagittalDepth: 4050, diameter: 16.5, landingZone: 'toric', limbalClearance: 50 },
      },
    });
    expect(await screen.findByRole('button', { name: 'Change the answer' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it("a bad field gets the schema's message beside it and the focus, and nothing is sent", async () => {
    const user = renderReview(aConsult(), { replyToConsult: () => answered({ version: 4 }) });
    await answerForm();
    await user.click(screen.getByRole('button', { name: 'Start from the suggestions' }));
    const text = screen.getByRole('textbox', { name: 'Answer' });
    await user.type(text, '   ');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(text).toHaveFocus());
    expect(text).toHaveAccessibleDescription(/Answer is required/);
    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(callsTo('replyToConsult')).toEqual([]);
  });

  it("puts the server's field messages on the parameter fields they name", async () => {
    const user = renderReview(aConsult(), {
      replyToConsult: () => {
        throw new CallableError({
          route: 'replyToConsult',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'Please correct the marked fields.',
          fieldErrors: {
            'proposal.parameters.sagittalDepth': ['Sagittal depth changed in the catalog: at most 4000 µm'],
          },
        });
      },
    });
    await answerForm();
    await user.click(screen.getByRole('button', { name: 'Start from the suggestions' }));
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Lower the sag.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(sagField()).toHaveAccessibleDescription(/Sagittal depth changed in the catalog: at most 4000 µm/),
    );
    expect(sagField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('a 409 says another admin answered, keeps what was typed, and "Reload latest" shows their answer', async () => {
    let reads = 0;
    const user = renderReview(aConsult(), {
      getLabConsult: () => (++reads === 1 ? aConsult() : answered({ version: 4 })),
      replyToConsult: () => {
        throw new CallableError({ route: 'replyToConsult', httpStatus: 409, status: 'aborted', message: 'Changed.' });
      },
    });
    await answerForm();
    await user.click(screen.getByRole('button', { name: 'Start from the suggestions' }));
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'My answer.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(CHANGED_MESSAGES.consult)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload latest' }));
    expect(await screen.findByText('Take 150 µm off the sag and raise the limbal zone one step.')).toBeInTheDocument();
    expect(screen.queryByText(CHANGED_MESSAGES.consult)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('My answer.');
    expect(screen.getByRole('button', { name: 'Send the changed answer' })).toBeInTheDocument();
  });

  it('an answered consult shows the answer and its proposed lens, and "Change the answer" starts from it', async () => {
    const user = renderReview(answered());
    const card = await screen.findByRole('region', { name: 'Answer' });
    expect(card).toHaveTextContent('Take 150 µm off the sag and raise the limbal zone one step.');
    expect(card).toHaveTextContent('Proposed lens: AmpleyeSagittal depth4050 µm');
    expect(card).toHaveTextContent('Answered by Lab Consultant');
    await user.click(within(card).getByRole('button', { name: 'Change the answer' }));
    expect(sagField()).toHaveValue(4050);
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue(
      'Take 150 µm off the sag and raise the limbal zone one step.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('an ordered consult keeps its answer fixed and links the order placed from it', async () => {
    renderReview(answered({ status: 'ordered', orderIds: ['a0000000-0000-4000-8000-00000000000a'] }));
    const card = await screen.findByRole('region', { name: 'Answer' });
    expect(within(card).queryByRole('button', { name: 'Change the answer' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('can no longer change');
    expect(within(card).getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/admin/order-approval/a0000000-0000-4000-8000-00000000000a',
    );
  });
});

describe("linking a visitor's request to a practice", () => {
  it('sends the account number with the version read; the linked consult shows the account', async () => {
    const user = renderReview(aLead(), {
      linkConsultToAccount: (input) => aLead({ accountNumber: String(input['accountNumber']), version: 4 }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Account number' }), 'BV-2002');
    await user.click(screen.getByRole('button', { name: 'Link to a practice' }));
    await waitFor(() =>
      expect(callsTo('linkConsultToAccount')).toEqual([{ consultId: LEAD_ID, version: 3, accountNumber: 'BV-2002' }]),
    );
    // Linked: the account shows, the lead badge and the link form go.
    const request = screen.getByRole('region', { name: 'Request' });
    await waitFor(() => expect(request).toHaveTextContent('AccountBV-2002'));
    expect(within(request).queryByText('Lead')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Link to a practice' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal beside the account number", async () => {
    const user = renderReview(aLead(), {
      linkConsultToAccount: () => {
        throw new CallableError({
          route: 'linkConsultToAccount',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'Please correct the marked fields.',
          fieldErrors: { accountNumber: ['No practice has this account number'] },
        });
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Account number' }), 'ZZ-9');
    await user.click(screen.getByRole('button', { name: 'Link to a practice' }));
    expect(await screen.findByText('No practice has this account number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('a practice consult offers no link form', async () => {
    renderReview(aConsult());
    await screen.findByRole('region', { name: 'Request' });
    expect(screen.queryByRole('form', { name: 'Link to a practice' })).not.toBeInTheDocument();
  });
});
