import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATUS } from '../../core/rules/auth-status';
import { GuardedLayout } from '../../web/src/app/guarded-layout';
import { handleOf, PORTAL_ROUTES } from '../../web/src/app/route-table';
import type { SessionContextValue } from '../../web/src/lib/session-context';
import { callRoute } from '../../web/src/lib/api-client';
import { setRuntimeConfig } from '../../web/src/lib/runtime-config';
import { answer, withQueries } from './support/fake-api';
import { fakeSession, prepareBrowser, SessionFixture, TEST_CONFIG } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, session: SessionContextValue) {
  const page = (key: keyof typeof PORTAL_ROUTES, text: string) => ({
    path: PORTAL_ROUTES[key].path,
    handle: handleOf(PORTAL_ROUTES[key]),
    element: (
      <>
        <h1>{text}</h1>
        <WhereAmI />
      </>
    ),
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionFixture value={session}>
            <Outlet />
          </SessionFixture>
        ),
        children: [
          {
            Component: GuardedLayout,
            children: [
              page('customerHome', 'Customer dashboard'),
              page('customerOrder', 'Order form'),
              page('adminHome', 'Admin dashboard'),
              page('userManagement', 'Users'),
            ],
          },
          { path: '*', element: <WhereAmI /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    withQueries(
      <>
        <RouterProvider router={router} />
        <ToastContainer />
      </>,
    ),
  );
}

beforeEach(() => {
  prepareBrowser();
  vi.mocked(callRoute).mockReset();
  answer({ countUnreadNotifications: () => ({ unread: 0 }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('route guard and signed-in layout (spec 2 layout, spec 4 route guard, spec 6 roles)', () => {
  it("shows the full-screen 'Verifying session...' overlay while the session check runs", () => {
    renderAt('/customer/home', fakeSession({ checking: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Verifying session...');
    expect(screen.getByRole('img', { name: /optical laboratory/i })).toBeInTheDocument();
    expect(screen.queryByText('Customer dashboard')).not.toBeInTheDocument();
  });

  it('sends a visitor to login with a returnUrl', () => {
    renderAt(
      '/customer/order?po=7',
      fakeSession({ status: AUTH_STATUS.UNAUTHENTICATED, user: null, home: '/auth/login' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login?returnUrl=%2Fcustomer%2Forder%3Fpo%3D7');
  });

  it('after Log Out the guard sends to the plain login page, with no returnUrl for the next user', () => {
    renderAt('/admin/home', fakeSession({ status: AUTH_STATUS.UNAUTHENTICATED, user: null, loggedOut: true }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\/login$/);
  });

  it('a customer opening an admin page goes to their home and is told access is denied', async () => {
    renderAt('/admin/home', fakeSession());
    expect(await screen.findByText('Customer dashboard')).toBeInTheDocument();
    expect(await screen.findByText(/Access denied/)).toBeInTheDocument();
  });

  it('an admin cannot open super-admin pages', async () => {
    renderAt(
      '/admin/user-management',
      fakeSession({ role: 'admin', home: '/admin/home', customer: fakeSession().customer }),
    );
    expect(await screen.findByText('Admin dashboard')).toBeInTheDocument();
  });

  it('a customer whose account number is not verified goes to /auth/request', () => {
    renderAt('/customer/home', fakeSession({ status: AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED, home: '/auth/request' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/request');
  });

  it('a customer with an unverified email goes to /auth/verify-email', () => {
    renderAt('/customer/home', fakeSession({ status: AUTH_STATUS.EMAILNOTVERIFIED, home: '/terms' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/verify-email');
  });

  it('a customer who has not accepted the terms goes to /terms (spec 6)', () => {
    renderAt('/customer/order', fakeSession({ termsAccepted: false, home: '/terms' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/terms');
  });

  it('an authenticated customer sees the page in the layout: customer menu, name, role, account and STAGING badge', () => {
    renderAt('/customer/home', fakeSession());
    expect(screen.getByRole('heading', { name: 'Customer dashboard' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
      // A link stored before practice roles keeps every right, People included.
    ).toEqual(['Dashboard', 'Order Form', 'Pay Online', 'Lens Credit', 'Consults', 'People', 'Profile']);
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(sidebar).getByText('Customer')).toBeInTheDocument();
    expect(within(sidebar).getByRole('combobox', { name: 'Account number' })).toHaveValue('LL-1001');
    expect(screen.getByText('STAGING')).toBeInTheDocument();
    expect(screen.getByText('Version 1.0.1')).toBeInTheDocument();
  });

  it('choosing another account asks the session to load it (spec 2 account switching)', async () => {
    const session = fakeSession();
    renderAt('/customer/home', session);
    const select = screen.getByRole('combobox', { name: 'Account number' });
    await act(async () => {
      select.focus();
      (select as HTMLSelectElement).value = 'LL-2002';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(session.switchAccount).toHaveBeenCalledWith('LL-2002');
  });

  it('while switching, the dropdown shows a loading state', () => {
    const base = fakeSession();
    renderAt('/customer/home', fakeSession({ customer: { ...base.customer, switching: true } }));
    expect(screen.getByRole('combobox', { name: 'Account number' })).toBeDisabled();
    expect(screen.getByText('Loading account')).toBeInTheDocument();
  });

  it('a super admin sees the full admin menu', () => {
    renderAt('/admin/home', fakeSession({ role: 'superadmin', home: '/admin/home' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // Admin menu (Dashboard, Order Approval, Invoices, Statements, Warranty Claims, Consults), then User, Customer,
    // Lens and Email Management, Consultant and Production Settings, Machine Clients, Webhooks and Audit.
    expect(within(menu).getAllByRole('link')).toHaveLength(15);
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByText('Super Admin')).toBeInTheDocument();
  });

  it('the header user menu offers Settings and Log Out', async () => {
    const session = fakeSession();
    renderAt('/customer/home', session);
    act(() => screen.getByRole('button', { name: 'User menu for Ann Lee' }).click());
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent?.trim()),
    ).toEqual(['Settings', 'Log Out']);
    act(() => within(menu).getByRole('menuitem', { name: 'Log Out' }).click());
    expect(session.logout).toHaveBeenCalled();
  });

  it("spec 2: an admin with an unverified email sees the 'verify email' popup over the page, and can put it off", async () => {
    const admin = fakeSession({
      role: 'admin',
      home: '/admin/home',
      user: { userId: 'a-1', email: 'lab@lenslab.test', groups: ['admin'], emailVerified: false },
    });
    renderAt('/admin/home', admin);
    const popup = screen.getByRole('dialog', { name: 'Verify your email address' });
    expect(popup).toHaveTextContent('lab@lenslab.test');
    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    act(() => within(popup).getByRole('button', { name: 'Later' }).click());
    expect(screen.queryByRole('dialog', { name: 'Verify your email address' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/home');
  });

  it("the 'verify email' popup's Verify now goes to /auth/verify-email", () => {
    renderAt(
      '/admin/home',
      fakeSession({
        role: 'admin',
        home: '/admin/home',
        user: { userId: 'a-1', email: 'lab@lenslab.test', groups: ['admin'], emailVerified: false },
      }),
    );
    act(() => screen.getByRole('button', { name: 'Verify now' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/verify-email');
  });

  it('a user with a verified email gets no verify-email popup', () => {
    renderAt('/customer/home', fakeSession());
    expect(screen.queryByRole('dialog', { name: 'Verify your email address' })).toBeNull();
  });

  it('spec 2 optional top menu: not built; the sidebar is the one menu and the header holds the bell and the user menu', () => {
    renderAt('/customer/home', fakeSession());
    expect(screen.getAllByRole('navigation').map((nav) => nav.getAttribute('aria-label'))).toEqual(['Main menu']);
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Order Form' })).toBeNull();
  });

  it.each([
    ['a practice', fakeSession()],
    ['the lab', fakeSession({ role: 'admin', home: '/admin/home' })],
  ])("the header's bell shows %s its unread count once the page has painted", async (_who, session) => {
    answer({ countUnreadNotifications: () => ({ unread: 7 }) });
    renderAt(session.home, session);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Notifications, 7 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('no STAGING badge in production (spec 1)', () => {
    setRuntimeConfig({ ...TEST_CONFIG, production: true });
    renderAt('/customer/home', fakeSession());
    expect(screen.queryByText('STAGING')).not.toBeInTheDocument();
  });
});
