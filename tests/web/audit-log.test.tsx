import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../core/schemas/audit';
import { AuditLog } from '../../web/src/features/audit';
import { callRoute } from '../../web/src/lib/api-client';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const renderPage = (path = '/admin/audit') => renderAt(path, '/admin/audit', <AuditLog />);

const change: AuditEvent = {
  eventId: 'ev-2',
  at: '2025-06-30T10:00:00.000Z',
  kind: 'change',
  action: 'practice.update',
  actor: { userId: 'sa-1', email: 'superadmin@lenslab.test', groups: ['admin', 'superadmin'] },
  target: { type: 'practice', id: 'BV-1001' },
  accountNumber: 'BV-1001',
  route: 'updateCustomer',
  status: null,
  correlationId: 'corr-2',
  sourceIp: '203.0.113.5',
  before: { company: 'Brightview', version: 3 },
  after: { company: 'Brightview Eye Care', version: 4 },
};
const denial: AuditEvent = {
  ...change,
  eventId: 'ev-1',
  kind: 'denied',
  action: 'access.denied',
  actor: { userId: 'c-1', email: 'fitter@brightview.test', groups: ['customer'] },
  target: null,
  accountNumber: null,
  route: 'listAuditEvents',
  status: 403,
  before: null,
  after: null,
};

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('Audit page', () => {
  it('lists sign-in events: a failed sign-in with its step and reason, and offers them as filters', async () => {
    const failedSignIn: AuditEvent = {
      ...denial,
      eventId: 'ev-3',
      kind: 'auth',
      action: 'auth.sign-in-failed',
      target: { type: 'user', id: 'c-1' },
      route: 'cognito:RespondToAuthChallenge',
      status: null,
      after: { step: 'second factor', reason: 'CodeMismatchException' },
    };
    answer({ listAuditEvents: () => ({ items: [failedSignIn], nextCursor: null }) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Sign-in');
    expect(row).toHaveTextContent('Sign-in failed');
    expect(row).toHaveTextContent('fitter@brightview.test');
    expect(row).toHaveTextContent('CodeMismatchException');
    const actions = within(screen.getByLabelText('Action'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(actions).toEqual(
      expect.arrayContaining(['Signed in', 'Sign-in failed', 'Authenticator app set up', 'Signed out']),
    );
  });

  it('lists changes and refusals with who, what changed and the request', async () => {
    answer({ listAuditEvents: () => ({ items: [change, denial], nextCursor: null }) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(callsTo('listAuditEvents')[0]).toEqual({ limit: 50 });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Practice edited');
    expect(first).toHaveTextContent('superadmin@lenslab.test');
    expect(first).toHaveTextContent('practice BV-1001');
    expect(first).toHaveTextContent('company');
    // The arrow is hidden from screen readers, which hear "changed to".
    expect(first).toHaveTextContent(/Brightview\s*→\s*changed to\s*Brightview Eye Care/);
    expect(second).toHaveTextContent('Refused');
    expect(second).toHaveTextContent('Refused: no access (403)');
    expect(second).toHaveTextContent('listAuditEvents (403)');
    expect(second).toHaveTextContent('fitter@brightview.test');
    expect(screen.getByRole('status')).toHaveTextContent('2 entries on this page');
  });

  it('reads its filters from the URL and sends them', async () => {
    answer({ listAuditEvents: () => ({ items: [change], nextCursor: null }) });
    renderPage(
      '/admin/audit?user=SuperAdmin@lenslab.test&account=bv-1001&action=practice.update&from=2025-06-01&to=2025-06-30',
    );
    await screen.findByRole('table');
    expect(callsTo('listAuditEvents')[0]).toEqual({
      limit: 50,
      user: 'SuperAdmin@lenslab.test',
      accountNumber: 'BV-1001',
      action: 'practice.update',
      from: '2025-06-01',
      to: '2025-06-30',
    });
    expect(screen.getByLabelText('Action')).toHaveValue('practice.update');
    expect(screen.getByLabelText('From')).toHaveValue('2025-06-01');
  });

  it('typed and chosen filters ask again; Clear filters asks for everything', async () => {
    answer({ listAuditEvents: () => ({ items: [change], nextCursor: null }) });
    const user = renderPage();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('User email', { exact: false }), 'admin@lenslab.test');
    await user.selectOptions(screen.getByLabelText('Action'), 'User role changed');
    await waitFor(() =>
      expect(callsTo('listAuditEvents').at(-1)).toEqual({ limit: 50, user: 'admin@lenslab.test', action: 'user.role' }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(callsTo('listAuditEvents').at(-1)).toEqual({ limit: 50 }));
  });

  it('a start date after the end date is shown beside the field and nothing is asked', async () => {
    answer({ listAuditEvents: () => ({ items: [], nextCursor: null }) });
    renderPage('/admin/audit?from=2025-06-10&to=2025-06-01');
    expect(await screen.findByLabelText('From')).toHaveAccessibleDescription(
      expect.stringContaining('The start date is after the end date.'),
    );
    expect(callsTo('listAuditEvents')).toHaveLength(0);
  });

  it('pages with the cursor the server gave', async () => {
    answer({
      listAuditEvents: (input) =>
        input.cursor ? { items: [denial], nextCursor: null } : { items: [change], nextCursor: 'next-1' },
    });
    const user = renderPage();
    await screen.findByRole('table');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Audit log pages' })).getByRole('button', { name: 'Next' }),
    );
    await waitFor(() => expect(callsTo('listAuditEvents').at(-1)).toEqual({ limit: 50, cursor: 'next-1' }));
    expect(await screen.findByRole('cell', { name: /Refused: no access \(403\)/ })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    answer({ listAuditEvents: () => ({ items: [], nextCursor: null }) });
    renderPage('/admin/audit?action=user.delete');
    expect(await screen.findByRole('region', { name: 'No entries' })).toHaveTextContent(
      'Nothing matches these filters',
    );
  });
});
