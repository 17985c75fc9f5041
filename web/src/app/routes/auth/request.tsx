import { PAGE_PATHS } from '../../../../../core/page-paths';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import {
  useMyAccountRequest,
  useSubmitAccountRequest,
  AccountRequestForm,
  AccountRequestStatus,
} from '../../../features/account-requests';
import { AuthLayout } from '../../../features/auth';
import { buyingGroupNamer, useBuyingGroups } from '../../../features/customers';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-context';
import styles from './request.module.css';

const NOT_VERIFIED = 'Account number not verified';

/** A public visitor: what the page is for, and the way to sign in. */
function SignedOutExplanation() {
  return (
    <AuthLayout
      title={NOT_VERIFIED}
      description="Sign in to request an account number for your practice."
      footer={<Link to={PAGE_PATHS.login}>Back to sign in</Link>}
    >
      <p className={styles.body}>
        To order lenses, pay invoices and see lens credit, your login must be linked to your practice&apos;s account
        number. After signing in you can request one here.
      </p>
    </AuthLayout>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <p className={styles.loading}>
      <Spinner size={18} /> {label}
    </p>
  );
}

/**
 * /auth/request (spec 2, 4 ACCOUNTNUMBERNOTVERIFIED): a verified customer without an account number asks
 * for one, then sees the request's status on every visit: pending, approved (continue into the portal,
 * which reloads the session so the guard sees the linked account) or rejected with the lab's reason.
 */
export default function AccountRequestRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const eligible = session.user !== null && session.home === PAGE_PATHS.accountRequest;
  const userId = eligible ? (session.user?.userId ?? null) : null;
  const mine = useMyAccountRequest(userId);
  const groups = useBuyingGroups(eligible);
  const submit = useSubmitAccountRequest(userId);
  const [continuing, setContinuing] = useState(false);
  const [notLinkedYet, setNotLinkedYet] = useState(false);
  // spec: only a rejected request may be replaced by a new one.
  const [renewing, setRenewing] = useState(false);

  if (!session.user && !session.checking) return <SignedOutExplanation />;
  // Someone whose home is elsewhere (linked customer, admin, unverified email) has nothing to request here.
  if (session.user && !session.checking && !eligible) return <Navigate to={session.home} replace />;

  async function continueToPortal() {
    setContinuing(true);
    setNotLinkedYet(false);
    const facts = await session.reload({ forceRefresh: true });
    setContinuing(false);
    if (facts.home !== PAGE_PATHS.accountRequest) navigate(facts.home, { replace: true });
    else setNotLinkedYet(true);
  }

  const request = mine.data?.request ?? null;
  const approved = request?.status === 'approved';

  let content;
  if (session.checking || mine.isPending) {
    content = <Loading label={continuing ? 'Opening the portal…' : 'Loading your account request…'} />;
  } else if (mine.isError) {
    content = (
      <Alert tone="error" title="Your account request could not be loaded">
        <Button size="sm" variant="secondary" onClick={() => void mine.refetch()} loading={mine.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  } else if (request && !(renewing && request.status === 'rejected')) {
    content = (
      <>
        <AccountRequestStatus
          request={request}
          buyingGroupName={buyingGroupNamer(groups.data?.items)}
          onCheck={() => void mine.refetch()}
          checking={mine.isFetching}
          onContinue={() => void continueToPortal()}
          continuing={continuing}
          onRenew={() => setRenewing(true)}
        />
        {notLinkedYet ? (
          <Alert tone="info">Your account is not linked to your login yet. Please try again in a minute.</Alert>
        ) : null}
      </>
    );
  } else {
    content = (
      <AccountRequestForm
        buyingGroups={groups.data?.items ?? []}
        buyingGroupsError={groups.isError ? failureMessage(groups.error, 'no answer') : null}
        defaults={{
          email: session.user?.email ?? '',
          contactName: session.displayName === session.user?.email ? '' : session.displayName,
          practiceName: session.profile?.company ?? '',
        }}
        {...(request ? { previous: request } : {})}
        onSubmit={async (input) => {
          const answer = await submit.mutateAsync(input);
          setRenewing(false);
          notify.success(
            answer.created ? 'Your request was sent to the lab.' : 'Your request was already with the lab.',
          );
        }}
      />
    );
  }

  return (
    <AuthLayout
      title={approved ? 'Your account is ready' : NOT_VERIFIED}
      description={
        request && !renewing
          ? undefined
          : 'Request an account number for your practice. The lab links it to your login after checking the details.'
      }
    >
      {content}
      <div className={styles.actions}>
        <Button block variant="ghost" onClick={() => void session.logout()} disabled={continuing}>
          Log out
        </Button>
      </div>
    </AuthLayout>
  );
}
