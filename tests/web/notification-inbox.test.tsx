import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../core/schemas/notifications';
import NotificationsRoute from '../../web/src/app/routes/notifications';
import { NotificationBellSlot } from '../../web/src/features/notifications';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import type { SessionContextValue } from '../../web/src/lib/session-context';
import { seriousA11yViolations } from './support/axe';
import { answer, callsTo, withQueries, type Handler } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';
import { aNotification } from './support/notification-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

function Opened() {
  const location = useLocation();
  return <h1>Opened {`${location.pathname}${location.search}`}</h1>;
}

/** The inbox page with the header's bell beside it, as the signed-in layout shows them, on one query cache. */
function renderInbox(session: SessionContextValue = fakeSession()) {
  const router = createMemoryRouter(
    [
      {
        path: '/notifications',
        element: (
          <>
            <header>
              <NotificationBellSlot />
            </header>
            <main>
              <NotificationsRoute />
            </main>
          </>
        ),
      },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: ['/notifications'] },
  );
  render(
    withQueries(
      <SessionFixture value={session}>
        <RouterProvider router={router} />
      </SessionFixture>,
    ),
  );
  return { router, user: userEvent.setup() };
}

const FIRST = aNotification();
const SECOND = aNotification({
  id: 'n-2',
  eventId: 'invoice-issued',
  title: 'Invoice INV-2207 issued for 2 orders',
  body: 'The lab issued an invoice of $412.50 to account LL-1001, due on 1 January 2027.',
  link: '/customer/payment?invoice=INV-2207&account=LL-1001',
  createdAt: '2026-12-01T16:05:00.000Z',
});
const READ = aNotification({
  id: 'n-3',
  eventId: 'order-approved',
  title: 'Order 1038 for Casey Moor approved',
  body: 'The lab approved the order for production.',
  link: '/customer/orders/ord-1038',
  createdAt: '2026-11-28T11:00:00.000Z',
  readAt: '2026-11-28T12:00:00.000Z',
  accountNumber: 'LL-2002',
});

/** An inbox whose unread count follows its items, answering listNotifications and markNotificationsRead. */
function fakeInbox(items: NotificationItem[], extra: Record<string, Handler> = {}) {
  const state = items.map((item) => ({ ...item }));
  const unread = () => state.filter((item) => item.readAt === null).length;
  answer({
    countUnreadNotifications: () => ({ unread: unread() }),
    listNotifications: () => ({ items: state.map((item) => ({ ...item })), nextCursor: null, unread: unread() }),
    markNotificationsRead: (input) => {
      for (const item of state) {
        if (input['all'] || (input['ids'] as string[]).includes(item.id)) item.readAt ??= '2026-12-02T10:00:00.000Z';
      }
      return { unread: unread() };
    },
    ...extra,
  });
  return state;
}

const entry = (title: string) => screen.getByRole('link', { name: title }).closest('li')!;

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('the notification inbox (/notifications)', () => {
  it('lists the items newest first, saying in words which are unread, with text, time and a link to each', async () => {
    fakeInbox([FIRST, SECOND, READ]);
    renderInbox();

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const titles = await screen.findAllByRole('heading', { level: 2 });
    expect(titles.map((h) => h.textContent)).toEqual([FIRST.title, SECOND.title, READ.title]);
    expect(screen.getByText('2 unread')).toBeInTheDocument();

    const first = within(entry(FIRST.title));
    expect(first.getByText('Unread')).toBeInTheDocument();
    expect(first.getByText(FIRST.body)).toBeInTheDocument();
    expect(first.getByRole('link', { name: FIRST.title })).toHaveAttribute('href', FIRST.link);
    const time = entry(FIRST.title).querySelector('time')!;
    expect(time).toHaveAttribute('datetime', FIRST.createdAt);
    expect(time.getAttribute('title')).toMatch(/2026/);
    expect(first.getByRole('button', { name: `Mark read: ${FIRST.title}` })).toBeInTheDocument();

    const read = within(entry(READ.title));
    expect(read.queryByText('Unread')).toBeNull();
    expect(read.queryByRole('button', { name: /Mark read/ })).toBeNull();
    // Ann has two accounts: each item says which one it is about.
    expect(read.getByText('Account LL-2002')).toBeInTheDocument();

    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('"Mark read" marks that item and the bell shows the new count at once', async () => {
    fakeInbox([FIRST, SECOND, READ]);
    const { user } = renderInbox();
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });

    await user.click(await screen.findByRole('button', { name: `Mark read: ${FIRST.title}` }));

    expect(callsTo('markNotificationsRead')).toEqual([{ ids: [FIRST.id] }]);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(within(entry(FIRST.title)).queryByText('Unread')).toBeNull();
    expect(within(entry(SECOND.title)).getByText('Unread')).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('"Mark all as read" clears every item and the bell', async () => {
    fakeInbox([FIRST, SECOND, READ]);
    const { user } = renderInbox();
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(callsTo('markNotificationsRead')).toEqual([{ all: true }]);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText('Unread')).toBeNull();
    expect(screen.getByText('All read')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opening an item goes to its link and marks it read', async () => {
    fakeInbox([FIRST, SECOND]);
    const { router, user } = renderInbox();

    await user.click(await screen.findByRole('link', { name: SECOND.title }));

    expect(await screen.findByRole('heading', { name: `Opened ${SECOND.link}` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer/payment');
    await vi.waitFor(() => expect(callsTo('markNotificationsRead')).toEqual([{ ids: [SECOND.id] }]));
  });

  it('opening an item already read asks nothing more', async () => {
    fakeInbox([READ]);
    const { user } = renderInbox();
    await user.click(await screen.findByRole('link', { name: READ.title }));
    expect(await screen.findByRole('heading', { name: `Opened ${READ.link}` })).toBeInTheDocument();
    expect(callsTo('markNotificationsRead')).toEqual([]);
  });

  it('"Load more" adds the next page after the ones shown', async () => {
    answer({
      countUnreadNotifications: () => ({ unread: 2 }),
      listNotifications: (input) =>
        input['cursor'] === 'after-n-1'
          ? { items: [READ], nextCursor: null, unread: 2 }
          : { items: [FIRST, SECOND], nextCursor: 'after-n-1', unread: 2 },
    });
    const { user } = renderInbox();

    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: READ.title })).toBeInTheDocument();
    expect(callsTo('listNotifications')).toEqual([{}, { cursor: 'after-n-1' }]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      FIRST.title,
      SECOND.title,
      READ.title,
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a notice counted by the bell after the list was read shows in the open inbox', async () => {
    const state = fakeInbox([SECOND]);
    const { user } = renderInbox();
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });

    state.unshift({ ...FIRST });
    // The bell asks again (here: the page comes back on screen), and the list follows its newer count.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: FIRST.title })).toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Mark read: ${FIRST.title}` }));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('a mark that fails says so beside the item, which stays unread', async () => {
    fakeInbox([FIRST, SECOND], {
      markNotificationsRead: () => {
        throw new CallableError({
          route: 'markNotificationsRead',
          httpStatus: 503,
          status: 'unavailable',
          message: '',
        });
      },
    });
    const { user } = renderInbox();

    await user.click(await screen.findByRole('button', { name: `Mark read: ${FIRST.title}` }));

    expect(await within(entry(FIRST.title)).findByRole('alert')).toHaveTextContent(
      'It could not be marked as read. Try again.',
    );
    expect(within(entry(FIRST.title)).getByText('Unread')).toBeInTheDocument();
    expect(within(entry(SECOND.title)).queryByRole('alert')).toBeNull();
  });

  it('an empty inbox says so', async () => {
    fakeInbox([]);
    renderInbox();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('an inbox that cannot be read offers to try again', async () => {
    let fail = true;
    answer({
      countUnreadNotifications: () => ({ unread: 1 }),
      listNotifications: () => {
        if (fail) throw new Error('offline');
        return { items: [FIRST], nextCursor: null, unread: 1 };
      },
    });
    const { user } = renderInbox();

    expect(await screen.findByRole('alert')).toHaveTextContent('Your notifications could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: FIRST.title })).toBeInTheDocument();
  });
});
