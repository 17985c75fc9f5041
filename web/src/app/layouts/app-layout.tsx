import { PAGE_PATHS } from '../../../../core/page-paths';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { APP_VERSION } from '../../../../core/constants';
import { ROLE_LABELS, ROLES } from '../../../../core/rules/auth-status';
import { Header } from '../../components/layout/header';
import { Sidebar } from '../../components/layout/sidebar';
import { SidebarIdentity } from '../../components/layout/sidebar-identity';
import { StagingBadge } from '../../components/layout/staging-badge';
import { UserMenu } from '../../components/layout/user-menu';
import { Spinner } from '../../components/ui/spinner';
import { VerifyEmailPopup } from '../../features/auth';
import { CustomerSidebarHeader } from '../../features/customers';
import { NotificationBellSlot } from '../../features/notifications';
import { useMediaQuery } from '../../hooks/use-media-query';
import { MOBILE_QUERY, useSidebarState } from '../../hooks/use-sidebar-state';
import { runtimeConfig } from '../../lib/runtime-config';
import { usePracticeRoles, useSession } from '../../lib/session-context';
import { menuFor } from '../navigation';
import { PORTAL_ROUTES } from '../route-table';
import styles from './app-layout.module.css';

const SIDEBAR_ID = 'portal-sidebar';

/** spec 2 "Layout for signed-in users": header, sidebar with the role's menu, and the page. */
export function AppLayout() {
  const session = useSession();
  const practiceRoles = usePracticeRoles();
  const config = runtimeConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebar = useSidebarState();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const main = useRef<HTMLElement>(null);
  const [verifyLater, setVerifyLater] = useState(false);
  const firstRender = useRef(true);
  const { closeOverlay } = sidebar;

  // spec 2: under 768 px, navigating closes the mobile sidebar. Focus moves to the new page's content, so
  // keyboard and screen-reader users start there (not on the first render: the browser's focus is kept).
  useEffect(() => {
    if (mobile) closeOverlay();
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname, mobile, closeOverlay]);

  const overlayOpen = sidebar.narrow && sidebar.open;
  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeOverlay();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlayOpen, closeOverlay]);

  const roleLabel = ROLE_LABELS[session.role];
  const sidebarHeader =
    session.role === ROLES.CUSTOMER ? (
      <CustomerSidebarHeader
        fullName={session.displayName}
        roleLabel={roleLabel}
        accounts={session.customer.accounts}
        selected={session.customer.selectedAccount}
        switching={session.customer.switching}
        onSwitch={(account) => void session.switchAccount(account)}
      />
    ) : (
      <SidebarIdentity name={session.displayName} roleLabel={roleLabel} />
    );

  // While the session's answers are the ones kept from the last visit, the page shows but cannot be used:
  // every action waits for the fresh answers, and for the route guard's decision on them. The status line
  // sits outside the inert shell, so it is seen and announced (the shell is hidden from screen readers).
  return (
    <>
      <p role="status" className={session.cached ? styles.updating : 'visually-hidden'}>
        {session.cached ? (
          <>
            <Spinner size={14} /> Updating your account…
          </>
        ) : null}
      </p>
      <div className={styles.shell} inert={session.cached}>
        <a className="skip-link" href="#main-content">
          Skip to main content
        </a>
        <Header
          sidebarId={SIDEBAR_ID}
          sidebarOpen={sidebar.open}
          onToggleSidebar={sidebar.toggle}
          homePath={session.home}
          badge={config.production ? null : <StagingBadge stage={config.stage} />}
          notifications={<NotificationBellSlot />}
          userMenu={
            <UserMenu
              name={session.displayName}
              email={session.user?.email ?? ''}
              roleLabel={roleLabel}
              onSettings={() => navigate(PORTAL_ROUTES.settings.path)}
              onLogout={() => void session.logout()}
            />
          }
        />
        <div className={styles.body}>
          <Sidebar
            id={SIDEBAR_ID}
            open={sidebar.open}
            narrow={sidebar.narrow}
            items={menuFor(session.role, practiceRoles)}
            header={sidebarHeader}
            version={APP_VERSION}
          />
          {overlayOpen ? <div className={styles.backdrop} aria-hidden="true" onClick={closeOverlay} /> : null}
          <main
            id="main-content"
            ref={main}
            tabIndex={-1}
            className={[styles.main, sidebar.narrow ? styles.mainNarrow : ''].join(' ')}
          >
            <Outlet />
          </main>
        </div>
        {session.user && !session.user.emailVerified && !verifyLater ? (
          <VerifyEmailPopup
            email={session.user.email}
            onLater={() => setVerifyLater(true)}
            onVerify={() => {
              setVerifyLater(true);
              navigate(PAGE_PATHS.verifyEmail);
            }}
          />
        ) : null}
      </div>
    </>
  );
}
