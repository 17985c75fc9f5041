import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ConsultsRoute from '../../web/src/app/routes/admin/consults';
import { questionExcerpt } from '../../web/src/features/consults/lab/consult-queue';
import { callRoute } from '../../web/src/lib/api-client';
import { answer, callsTo, type Handler, renderAt } from './support/fake-api';
import { aConsult, aLead, answered } from './support/lab-consult-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000).toISOString();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

// Eight calendar days always hold at least five business days: past the one-business-day target on any weekday.
const OVERDUE = aConsult({ createdAt: daysAgo(8) });
const FRESH_LEAD = aLead({ createdAt: minutesAgo(30) });

const byStatus: Handler = (input) => {
  if (input['status'] === 'new') return { items: [OVERDUE, FRESH_LEAD], nextCursor: null };
  if (input['status'] === 'answered') return { items: [answered()], nextCursor: null };
  return { items: [], nextCursor: null };
};

const renderQueue = (path = '/admin/consults') => renderAt(path, '/admin/consults', <ConsultsRoute />);
const rows = async (name: string) => {
  const table = await screen.findByRole('table', { name });
  return within(table).getAllByRole('row').slice(1);
};

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('the lab consult queue', () => {
  it('asks for the waiting consults first and lists them in the server order (oldest first)', async () => {
    answer({ listConsults: byStatus });
    renderQueue();
    const [first, second] = await rows('New consults, oldest first');
    expect(callsTo('listConsults')[0]).toEqual({ status: 'new', limit: 25 });
    expect(within(first!).getByRole('link', { name: 'AVC-000042' })).toHaveAttribute(
      'href',
      `/admin/consults/${OVERDUE.consultId}`,
    );
    expect(first).toHaveTextContent('BV-1001');
    expect(first).toHaveTextContent('JS-0042');
    expect(first).toHaveTextContent('OD');
    expect(first).toHaveTextContent('Ampleye');
    expect(within(second!).getByRole('link', { name: 'AVC-000043' })).toBeInTheDocument();
  });

  it('a row shows the start of the question, cut at a word with an ellipsis', async () => {
    answer({ listConsults: byStatus });
    renderQueue();
    const [first] = await rows('New consults, oldest first');
    expect(first).toHaveTextContent(
      'Central clearance is 450 µm after 30 minutes and the superior limbus touches. What should…',
    );
    expect(questionExcerpt('short question')).toBe('short question');
    expect(questionExcerpt('one two three four five', 12)).toBe('one two…');
  });

  it('a consult past the one-business-day target says "Overdue" in words, a fresh one does not', async () => {
    answer({ listConsults: byStatus });
    renderQueue();
    const [old, fresh] = await rows('New consults, oldest first');
    expect(within(old!).getByText('Overdue')).toBeInTheDocument();
    expect(old).toHaveTextContent(/\d business days/);
    expect(within(fresh!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(fresh).toHaveTextContent('under 1 h');
  });

  it("a visitor's request shows the practice name typed and a Lead badge instead of an account", async () => {
    answer({ listConsults: byStatus });
    renderQueue();
    const [practice, lead] = await rows('New consults, oldest first');
    expect(within(lead!).getByText('Vega Eye Care')).toBeInTheDocument();
    expect(within(lead!).getByText('Lead')).toBeInTheDocument();
    expect(within(practice!).queryByText('Lead')).not.toBeInTheDocument();
  });

  it('the Answered tab asks for answered consults and shows when each was answered', async () => {
    answer({ listConsults: byStatus });
    const user = renderQueue();
    await rows('New consults, oldest first');
    await user.click(screen.getByRole('tab', { name: 'Answered' }));
    const [row] = await rows('Answered consults, oldest first');
    expect(callsTo('listConsults').at(-1)).toEqual({ status: 'answered', limit: 25 });
    expect(screen.getByRole('columnheader', { name: 'Answered' })).toBeInTheDocument();
    expect(row).toHaveTextContent('1 hour ago');
    expect(within(row!).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('the status in the address opens its tab; an empty tab says so', async () => {
    answer({ listConsults: byStatus });
    renderQueue('/admin/consults?status=ordered');
    expect(await screen.findByRole('heading', { name: 'No ordered consults' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ordered' })).toHaveAttribute('aria-selected', 'true');
    expect(callsTo('listConsults')[0]).toEqual({ status: 'ordered', limit: 25 });
  });
});
