import { useState } from 'react';
import type { AccountRequest } from '../../../../../core/schemas/account-requests';
import { Card } from '../../../components/card';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CursorPager } from '../../../components/ui/cursor-pager';
import { Spinner } from '../../../components/ui/spinner';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { dateTime } from '../../../lib/format-time';
import { useAccountRequests } from '../api/list-account-requests';
import { ApproveRequestDialog } from './approve-request-dialog';
import { RejectRequestDialog } from './reject-request-dialog';
import { RequestSummary } from './request-summary';
import styles from './pending-account-requests.module.css';

type Decision = { kind: 'approve' | 'reject'; request: AccountRequest } | null;

/**
 * Customer Management's "Pending account requests" (spec 2 /auth/request, reviewed by super admins): each
 * request with what the practice sent, approved with an account number or rejected with a reason.
 */
export function PendingAccountRequests({
  buyingGroupName,
  onApproved,
}: {
  buyingGroupName: (buyingGroupId: string) => string;
  /** A practice may have been created and a user linked: other lists on the page are out of date. */
  onApproved: () => void;
}) {
  const pages = useCursorPages();
  const query = useAccountRequests('pending', pages.cursor);
  const [decision, setDecision] = useState<Decision>(null);
  const requests = query.data?.items ?? [];
  const close = () => setDecision(null);

  return (
    <Card title="Pending account requests" className={styles.card}>
      <p className={styles.count} role="status">
        {query.isPending ? (
          <>
            <Spinner size={14} /> Loading requests…
          </>
        ) : query.isSuccess ? (
          requests.length === 0 ? (
            'No requests are waiting.'
          ) : (
            `${requests.length} ${requests.length === 1 ? 'request is' : 'requests are'} waiting, oldest first.`
          )
        ) : null}
      </p>
      {query.isError ? (
        <Alert tone="error" title="The account requests could not be loaded">
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {requests.length ? (
        <ul className={styles.list} aria-label="Pending account requests">
          {requests.map((request) => (
            <li key={request.requestId} className={styles.request}>
              <div className={styles.heading}>
                <h3 className={styles.title}>{request.practiceName}</h3>
                <Badge tone="warning">Pending</Badge>
              </div>
              <p className={styles.meta}>
                From {request.userEmail}, sent {dateTime(request.createdAt)}
              </p>
              <RequestSummary request={request} buyingGroupName={buyingGroupName} showPractice={false} />
              <div className={styles.actions}>
                <Button
                  size="sm"
                  onClick={() => setDecision({ kind: 'approve', request })}
                  aria-label={`Approve the request of ${request.practiceName}`}
                >
                  Approve…
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setDecision({ kind: 'reject', request })}
                  aria-label={`Reject the request of ${request.practiceName}`}
                >
                  Reject…
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <CursorPager
        label="Pending account requests"
        pages={pages}
        nextCursor={query.data?.nextCursor}
        loading={query.isFetching}
      />
      {decision?.kind === 'approve' ? (
        <ApproveRequestDialog
          request={decision.request}
          onClose={close}
          onApproved={() => {
            close();
            onApproved();
          }}
        />
      ) : null}
      {decision?.kind === 'reject' ? <RejectRequestDialog request={decision.request} onClose={close} /> : null}
    </Card>
  );
}
