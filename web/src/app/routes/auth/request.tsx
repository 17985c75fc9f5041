import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_PATHS } from '../../../../../core/rules/public-routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { useSession } from '../../../lib/session-context';
import styles from './request.module.css';

/**
 * /auth/request (spec 2, 4 ACCOUNTNUMBERNOTVERIFIED): the customer's account number is not verified yet.
 * The account request form comes with its own issue; for now the page explains the state and lets the
 * user check again once the lab has linked the account.
 */
export default function AccountRequestRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);

  async function checkAgain() {
    setChecking(true);
    const facts = await session.reload();
    setChecking(false);
    if (facts.home !== AUTH_PATHS.request) navigate(facts.home, { replace: true });
    else setStillWaiting(true);
  }

  return (
    <AuthLayout
      title="Account number not verified"
      description="Your sign-in works, but no verified Lenslab account number is linked to it yet."
      footer={session.user ? null : <Link to="/auth/login">Back to sign in</Link>}
    >
      <div className={styles.body}>
        <p>
          To order lenses, pay invoices and see lens credit, your user must be linked to your practice's account number.
          The lab does this after checking the practice's details; it usually takes one working day.
        </p>
        <p>
          Already have an account number? Call customer service on <a href="tel:+15550100">+1 555 0100</a> and we will
          link it to <strong>{session.user?.email ?? 'your email address'}</strong>.
        </p>
        {stillWaiting ? (
          <Alert tone="info">Your account number is still being verified. Please check again later.</Alert>
        ) : null}
      </div>
      {session.user ? (
        <div className={styles.actions}>
          <Button block onClick={() => void checkAgain()} loading={checking}>
            Check again
          </Button>
          <Button block variant="secondary" onClick={() => void session.logout()}>
            Log out
          </Button>
        </div>
      ) : null}
    </AuthLayout>
  );
}
