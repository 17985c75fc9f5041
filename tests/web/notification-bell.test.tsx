import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBellSlot } from '../../web/src/features/notifications';
import { UNREAD_POLL_MS } from '../../web/src/features/notifications/api/count-unread-notifications';
import type { SessionContextValue } from '../../web/src/lib/session-context';
import { callRoute } from '../../web/src/lib/api-client';
import { seriousA11yViolations } from './support/axe';
import { answer, callsTo, withQueries } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

function renderBell(session: SessionContextValue = fakeSession(), path = '/customer/home') {
  render(
    withQueries(
      <SessionFixture value={session}>
        <MemoryRouter initialEntries={[path]}>
          <header>
            <NotificationBellSlot />
          </header>
        </MemoryRouter>
      </SessionFixture>,
    ),
  );
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the header bell (notification center)', () => {
  it('shows the unread count in a badge and names it with the same text, linking to the inbox', async () => {
    answer({ countUnreadNotifications: () => ({ unread: 3 }) });
    renderBell();

    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent(/^3$/);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('caps the badge at 99+, and its name says 99+ as the badge does', async () => {
    answer({ countUnreadNotifications: () => ({ unread: 250 }) });
    renderBell();

    const bell = await screen.findByRole('link', { name: 'Notifications, 99+ unread' });
    expect(bell).toHaveTextContent(/^99\+$/);
  });

  it('shows no badge when everything is read', async () => {
    answer({ countUnreadNotifications: () => ({ unread: 0 }) });
    renderBell();

    const bell = await screen.findByRole('link', { name: 'Notifications' });
    await vi.waitFor(() => expect(callsTo('countUnreadNotifications')).toHaveLength(1));
    expect(bell).toHaveTextContent('');
  });

  it('is the current page on the inbox', async () => {
    answer({ countUnreadNotifications: () => ({ unread: 1 }) });
    renderBell(fakeSession(), '/notifications');
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('asks again every 60 s while the page is on screen, never while it is hidden, and at once on return', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 1;
    answer({ countUnreadNotifications: () => ({ unread }) });
    renderBell();
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });

    unread = 2;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(callsTo('countUnreadNotifications')).toHaveLength(2);

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3));
    expect(callsTo('countUnreadNotifications')).toHaveLength(2);

    unread = 5;
    act(() => setVisibility('visible'));
    expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
    expect(callsTo('countUnreadNotifications')).toHaveLength(3);
  });

  it('does not ask while the page is hidden from the start', async () => {
    visibility = 'hidden';
    answer({ countUnreadNotifications: () => ({ unread: 4 }) });
    renderBell();
    await screen.findByRole('link', { name: 'Notifications' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callsTo('countUnreadNotifications')).toHaveLength(0);
  });

  it('waits for the fresh session: the answers kept from the last visit ask nothing', async () => {
    answer({ countUnreadNotifications: () => ({ unread: 4 }) });
    renderBell(fakeSession({ cached: true }));
    await screen.findByRole('link', { name: 'Notifications' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callsTo('countUnreadNotifications')).toHaveLength(0);
  });

  it('a count that cannot be read leaves the bell without a badge', async () => {
    answer({
      countUnreadNotifications: () => {
        throw new Error('offline');
      },
    });
    renderBell();
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    await vi.waitFor(() => expect(callsTo('countUnreadNotifications')).toHaveLength(1));
    expect(within(bell).queryByText(/\d/)).toBeNull();
  });
});
