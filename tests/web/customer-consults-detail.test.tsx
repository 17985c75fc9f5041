import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TROUBLESHOOTER_SETTINGS } from '../../core/schemas/consults';
import CustomerConsultDetailRoute from '../../web/src/app/routes/customer/consult-detail';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { AMPLEYE, CONSULT_ID, OBSERVATIONS, PAST_ORDER_ID, REPLY, aConsult } from './support/consult-fakes';
import { answer, callsTo, withQueries, type Handler } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const FILE = {
  filename: 'topography.pdf',
  size: 2048,
  contentType: 'application/pdf',
  lastModified: '2025-03-01T10:05:00.000Z',
};

function renderDetail(consult: Handler, consultId = CONSULT_ID) {
  answer({
    getConsult: consult,
    listLensDesigns: () => ({ items: [AMPLEYE] }),
    listConsultFiles: () => ({ files: [FILE] }),
    getConsultantSetup: () => ({ settings: DEFAULT_TROUBLESHOOTER_SETTINGS, designs: [] }),
  });
  render(
    withQueries(
      <MemoryRouter initialEntries={[`/customer/consults/${consultId}`]}>
        <Routes>
          <Route path="/customer/consults/:consultId" element={<CustomerConsultDetailRoute />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Consult detail (the practice)', () => {
  it("an answered consult shows the lab's answer, the proposed lens with units, and Order this", async () => {
    renderDetail(() =>
      aConsult({
        status: 'answered',
        reply: REPLY,
        currentLens: { ...aConsult().currentLens, fromOrderId: PAST_ORDER_ID },
      }),
    );

    const answerRegion = await screen.findByRole('region', { name: "The lab's answer" });
    expect(screen.getByRole('heading', { level: 1, name: 'Consult AVC-000042' })).toBeInTheDocument();
    expect(within(answerRegion).getByText(REPLY.text)).toBeInTheDocument();
    expect(within(answerRegion).getByText(/Lab Consultant/)).toBeInTheDocument();
    expect(within(answerRegion).getByRole('heading', { name: 'Proposed lens for OD: Ampleye' })).toBeInTheDocument();
    expect(await within(answerRegion).findByText('4350 µm')).toBeInTheDocument();
    expect(within(answerRegion).getByText('16.5 mm')).toBeInTheDocument();
    expect(within(answerRegion).getByText('Toric')).toBeInTheDocument();
    expect(within(answerRegion).getByRole('link', { name: 'Order this' })).toHaveAttribute(
      'href',
      `/customer/order?consult=${CONSULT_ID}`,
    );
    expect(within(answerRegion).getByText(/as a remake of the order the lens came from/)).toBeInTheDocument();
    expect(screen.getByText('Answered')).toBeInTheDocument();
  });

  it('shows the request as sent: question, current lens, findings and the suggestions of that moment', async () => {
    renderDetail(() =>
      aConsult({
        observations: OBSERVATIONS,
        suggestions: [
          {
            ruleId: 'central-clearance-high',
            area: 'central-clearance',
            kind: 'change',
            action: 'Decrease the sag by 150 µm',
            change: { key: 'sagittalDepth', delta: -150, unit: 'um' },
            why: 'Settled clearance is about 380 µm; the target is 225 µm.',
            source: 'Published fitting guidance',
            labDefault: true,
          },
        ],
      }),
    );

    const request = await screen.findByRole('region', { name: 'Your request' });
    expect(within(request).getByText(aConsult().question)).toBeInTheDocument();
    expect(within(request).getByText('Ampleye')).toBeInTheDocument();
    expect(await within(request).findByText('4500 µm')).toBeInTheDocument();
    const findings = screen.getByRole('region', { name: 'Troubleshooter findings' });
    expect(within(findings).getByText('30 min')).toBeInTheDocument();
    const suggestions = screen.getByRole('region', { name: 'Suggestions when sent' });
    expect(within(suggestions).getByText('Decrease the sag by 150 µm')).toBeInTheDocument();
    expect(within(suggestions).getAllByText('Lab default').length).toBeGreaterThan(0);
  });

  it('while waiting for the lab: no answer, no Order this, and the files can be changed', async () => {
    renderDetail(() => aConsult());
    expect(await screen.findByText('Waiting for the lab', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Order this' })).toBeNull();
    expect(await screen.findByText('topography.pdf')).toBeInTheDocument();
    expect(screen.getByText('Add files')).toBeInTheDocument();
    expect(callsTo('listConsultFiles')).toEqual([{ consultId: CONSULT_ID }]);
  });

  it('once answered the files are read-only', async () => {
    renderDetail(() => aConsult({ status: 'answered', reply: REPLY }));
    expect(await screen.findByText('topography.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download topography.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete topography.pdf' })).toBeNull();
    expect(screen.queryByText('Add files')).toBeNull();
  });

  it("another practice's consult, or one that does not exist, reads 'Consult not found'", async () => {
    renderDetail(() => {
      throw new CallableError({ route: 'getConsult', httpStatus: 404, message: 'Consult not found' });
    });
    expect(await screen.findByText('Consult not found')).toBeInTheDocument();
  });

  it('a link whose id cannot be a consult id shows not found without calling the server', async () => {
    renderDetail(() => aConsult(), 'not-an-id');
    expect(await screen.findByText('Consult not found')).toBeInTheDocument();
    expect(callsTo('getConsult')).toEqual([]);
  });
});
