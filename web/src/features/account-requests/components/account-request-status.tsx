import type { AccountRequest } from '../../../../../core/schemas/account-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { dateTime } from '../../../lib/format-time';
import { RequestSummary } from './request-summary';
import styles from './account-request-status.module.css';

export interface AccountRequestStatusProps {
  request: AccountRequest;
  buyingGroupName: (buyingGroupId: string) => string;
  /** Asks the server for the request's status again. */
  onCheck: () => void;
  checking: boolean;
  /** Approved: reloads the session so the user reaches their home page. */
  onContinue: () => void;
  continuing: boolean;
  /** Rejected: opens the form again with the request's values, to correct and send. */
  onRenew: () => void;
}

/**
 * The customer's own request after sending it (spec 2 /auth/request): pending, approved (with the account
 * number and the way into the portal) or rejected with the lab's reason. The status line is a live region,
 * so a decision that arrives while the page is open is announced.
 */
export function AccountRequestStatus({
  request,
  buyingGroupName,
  onCheck,
  checking,
  onContinue,
  continuing,
  onRenew,
}: AccountRequestStatusProps) {
  return (
    <div className={styles.status}>
      <div aria-live="polite">
        {request.status === 'pending' ? (
          <Alert tone="info" title="Request received, waiting for the lab">
            We received your request on {dateTime(request.createdAt)}. The lab checks the practice&apos;s details,
            usually within one working day, and emails you the answer. This page updates by itself.
          </Alert>
        ) : null}
        {request.status === 'approved' ? (
          <Alert tone="success" title="Request approved">
            Your login is linked to account number <strong className={styles.account}>{request.accountNumber}</strong>.
            Continue to the portal to order lenses.
          </Alert>
        ) : null}
        {request.status === 'rejected' ? (
          <Alert tone="warning" title="Your request was not approved">
            <p className={styles.reason}>
              <strong>Reason:</strong> {request.rejectionReason ?? 'No reason was given.'}
            </p>
            Please call customer service on <a href="tel:+15550100">+1 555 0100</a> if you have questions.
          </Alert>
        ) : null}
      </div>
      {request.status === 'approved' ? (
        <Button block onClick={onContinue} loading={continuing}>
          Continue to the portal
        </Button>
      ) : null}
      {request.status === 'rejected' ? (
        <Button block variant="secondary" onClick={onRenew}>
          Correct and send again
        </Button>
      ) : null}
      {request.status === 'pending' ? (
        <Button block variant="secondary" onClick={onCheck} loading={checking}>
          Check status
        </Button>
      ) : null}
      <details className={styles.sent}>
        <summary>What you sent</summary>
        <RequestSummary request={request} buyingGroupName={buyingGroupName} />
      </details>
    </div>
  );
}
