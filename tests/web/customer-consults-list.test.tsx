import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CustomerConsultsRoute from '../../web/src/app/routes/customer/consults';
import { callRoute } from '../../web/src/lib/api-client';
import { CONSULT_ID, REPLY, aConsult } from './support/consult-fakes';
import { answer, callsTo, withQueries } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const ANSWERED_ID = 'c0115017-0000-4000-8000-000000000002';

function renderList(session = fakeSession()) {
  render(
    withQueries(
      <SessionFixture value={session}>
        <MemoryRouter initialEntries={['/customer/consults']}>
          <Routes>
            <Route path="/customer/consults" element={<CustomerConsultsRoute />} />
          </Routes>
        </MemoryRouter>
      </SessionFixture>,
    ),
  );
  return userEvent.setup();
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Consults list (the practice)', () => {
  it('lists the consults of the account chosen in the sidebar with reference, patient, eye, lens, status and dates', async () => {
    answer({
      listAccountConsults: () => ({
        items: [
          aConsult(),
          aConsult({
            consultId: ANSWERED_ID,
            reference: 'AVC-000041',
            status: 'answered',
            patient: 'Casey Moor',
            eye: 'OS',
            currentLens: { designName: 'Ampleye XL', parameters: {} },
            reply: REPLY,
          }),
        ],
        nextCursor: null,
      }),
    });
    renderList(fakeSession({ customer: { ...fakeSession().customer, selectedAccount: 'LL-2002' } }));

    const table = await screen.findByRole('table', { name: 'Consults of account LL-2002, newest first' });
    expect(callsTo('listAccountConsults')).toEqual([{ accountNumber: 'LL-2002', limit: 25 }]);
    const waiting = within(table).getByRole('link', { name: 'AVC-000042' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'AVC-000042' })).toHaveAttribute(
      'href',
      `/customer/consults/${CONSULT_ID}`,
    );
    expect(within(waiting).getByText('Jordan Reyes')).toBeInTheDocument();
    expect(within(waiting).getByText('OD')).toBeInTheDocument();
    expect(within(waiting).getByText('Ampleye')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting for the lab')).toBeInTheDocument();
    expect(within(waiting).getByText('—')).toBeInTheDocument(); // not answered yet

    const answered = within(table).getByRole('link', { name: 'AVC-000041' }).closest('tr')!;
    expect(within(answered).getByText('Answered')).toBeInTheDocument();
    expect(within(answered).getByText('Ampleye XL')).toBeInTheDocument();
    expect(answered.querySelectorAll('time')).toHaveLength(2); // sent and answered
    expect(answered.querySelector(`time[datetime="${REPLY.at}"]`)).not.toBeNull();
  });

  it('"Ask a consultant" leads to the request form', async () => {
    answer({ listAccountConsults: () => ({ items: [aConsult()], nextCursor: null }) });
    renderList();
    expect(await screen.findByRole('link', { name: 'Ask a consultant' })).toHaveAttribute(
      'href',
      '/customer/consults/new',
    );
  });

  it('without consults, explains the consultant and links to the troubleshooter and the request form', async () => {
    answer({ listAccountConsults: () => ({ items: [], nextCursor: null }) });
    renderList();
    const empty = await screen.findByRole('region', { name: 'No consults yet' });
    expect(empty).toHaveTextContent(/answers within one business day/);
    expect(within(empty).getByRole('link', { name: 'Open the troubleshooter' })).toHaveAttribute(
      'href',
      '/ampleye-virtual-consultant/troubleshooter',
    );
    expect(within(empty).getByRole('link', { name: 'Ask a consultant' })).toHaveAttribute(
      'href',
      '/customer/consults/new',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages on with the cursor the server gave', async () => {
    answer({
      listAccountConsults: (input) =>
        input.cursor === 'next-page'
          ? { items: [aConsult({ consultId: ANSWERED_ID, reference: 'AVC-000001' })], nextCursor: null }
          : { items: [aConsult()], nextCursor: 'next-page' },
    });
    const user = renderList();
    await screen.findByRole('link', { name: 'AVC-000042' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'AVC-000001' })).toBeInTheDocument();
    expect(callsTo('listAccountConsults')[1]).toEqual({ accountNumber: 'LL-1001', limit: 25, cursor: 'next-page' });
  });

  it('a list that cannot be read says so and offers to try again', async () => {
    answer({
      listAccountConsults: () => {
        throw new Error('network down');
      },
    });
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('The consults could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
