import { LOAD_MESSAGES } from '../../../../../core/messages';
import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  CONSULT_ANSWER_TARGET_BUSINESS_DAYS,
  consultIdSchema,
  type CustomerConsult,
} from '../../../../../core/schemas/consults';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { EYE_LABELS } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { LoadingLine } from '../../../components/ui/spinner';
import { isCallableError } from '../../../lib/callable-error';
import { dateTime } from '../../../lib/format-time';
import { useConsult, useConsultLensDesigns } from '../api/customer-consults';
import { useConsultantSetup } from '../api/public-consultant';
import { LensParameterList } from '../components/lens-parameter-list';
import { ObservationsSummary } from '../components/observations-summary';
import { SuggestionList } from '../components/suggestion-list';
import { ConsultStatusBadge } from './consult-status-badge';
import styles from './customer-consults.module.css';

export interface ConsultAttachmentsSlot {
  consultId: string;
  /** Files may be added and removed while the consult waits for the lab. */
  canChange: boolean;
}

const definitionsOf = (designs: readonly LensDesign[] | undefined, lensId: string | undefined) =>
  lensId ? designs?.find((d) => d.lensId === lensId)?.parameters : undefined;

/** /customer/consults/:consultId: the request as sent, its files, and the lab's answer with "Order this". */
export function ConsultDetailPage({
  renderAttachments,
}: {
  /** The files panel (the attachments feature's), given by the route. */
  renderAttachments: (slot: ConsultAttachmentsSlot) => ReactNode;
}) {
  const { consultId = '' } = useParams();
  // A link whose id cannot be a consult's is answered here, without asking the server.
  const valid = consultIdSchema.safeParse(consultId).success;
  const consult = useConsult(consultId, valid);

  if (!valid || consult.isError) {
    const notFound = !valid || (isCallableError(consult.error) && consult.error.status === 'not-found');
    return (
      <>
        <PageHeader title="Consult" />
        {notFound ? (
          <Alert tone="error" title="Consult not found">
            It may belong to another practice&apos;s account.{' '}
            <Link to={PAGE_PATHS.customerConsults}>Back to Consults</Link>
          </Alert>
        ) : (
          <LoadFailed title={LOAD_MESSAGES.consult} onRetry={() => void consult.refetch()} />
        )}
      </>
    );
  }
  if (consult.isPending)
    return (
      <>
        <PageHeader title="Consult" />
        <LoadingLine className={styles.muted}>Loading the consult…</LoadingLine>
      </>
    );
  return <ConsultDetail consult={consult.data} renderAttachments={renderAttachments} />;
}

function ConsultDetail({
  consult,
  renderAttachments,
}: {
  consult: CustomerConsult;
  renderAttachments: (slot: ConsultAttachmentsSlot) => ReactNode;
}) {
  const designs = useConsultLensDesigns(consult.accountNumber ?? '');
  const catalogue = designs.data?.items;
  // Names the troubleshooter's lens (an id in the observations) as the troubleshooter did.
  const setup = useConsultantSetup();
  const { reply } = consult;

  return (
    <>
      <PageHeader
        title={`Consult ${consult.reference}`}
        description={
          <span className={styles.headerLine}>
            <ConsultStatusBadge status={consult.status} /> {consult.patient} · {EYE_LABELS[consult.eye]}
          </span>
        }
      />
      {consult.status === 'new' ? (
        <Alert tone="info" title="Waiting for the lab">
          The lab answers within {CONSULT_ANSWER_TARGET_BUSINESS_DAYS} business day; you get an email when it has. You
          can add or remove files until then.
        </Alert>
      ) : null}

      {reply ? (
        <section className={styles.answer} aria-labelledby="consult-answer">
          <h2 id="consult-answer" className={styles.answerTitle}>
            The lab&apos;s answer
          </h2>
          <p className={styles.muted}>
            {reply.by.name}, <time dateTime={reply.at}>{dateTime(reply.at)}</time>
          </p>
          <p className={styles.text}>{reply.text}</p>
          <h3 className={styles.subheading}>
            Proposed lens for {consult.eye}: {reply.proposal.lensName}
          </h3>
          <LensParameterList
            parameters={reply.proposal.parameters}
            definitions={definitionsOf(catalogue, reply.proposal.lensId)}
          />
          <div className={styles.answerActions}>
            <Link className={styles.primaryLink} to={pagePaths.orderForm({ consult: consult.consultId })}>
              Order this
            </Link>
            <span className={styles.muted}>
              {consult.currentLens.fromOrderId
                ? 'Opens the order form as a remake of the order the lens came from, with the proposal filled in.'
                : 'Opens the order form with the proposal filled in.'}
            </span>
          </div>
          {consult.orderIds.length > 0 ? (
            <p>
              Ordered:{' '}
              {consult.orderIds.map((orderId, index) => (
                <span key={orderId}>
                  {index > 0 ? ', ' : null}
                  <Link to={pagePaths.order(orderId)}>
                    {consult.orderIds.length === 1 ? 'view the order' : `order ${index + 1}`}
                  </Link>
                </span>
              ))}
            </p>
          ) : null}
        </section>
      ) : null}

      <div className={styles.grid}>
        <Card title="Your request">
          <dl className={styles.facts}>
            <dt>Sent</dt>
            <dd>
              <time dateTime={consult.createdAt}>{dateTime(consult.createdAt)}</time> by {consult.requester.name}
            </dd>
            <dt>Current lens</dt>
            <dd>
              {consult.currentLens.designName}
              {consult.currentLens.fromOrderId ? (
                <>
                  {' '}
                  (<Link to={pagePaths.order(consult.currentLens.fromOrderId)}>from a past order</Link>)
                </>
              ) : null}
            </dd>
          </dl>
          <LensParameterList
            parameters={consult.currentLens.parameters ?? {}}
            definitions={definitionsOf(catalogue, consult.currentLens.lensId)}
          />
          <h3 className={styles.subheading}>Question</h3>
          <p className={styles.text}>{consult.question}</p>
        </Card>
        <Card title="Troubleshooter findings">
          {consult.observations ? (
            <ObservationsSummary observations={consult.observations} designs={setup.data?.designs ?? []} />
          ) : (
            <p className={styles.muted}>No troubleshooter findings were sent.</p>
          )}
        </Card>
      </div>
      <Card title="Suggestions when sent" className={styles.block}>
        {consult.suggestions.length > 0 ? (
          <SuggestionList suggestions={consult.suggestions} />
        ) : (
          <p className={styles.muted}>No suggestions: the request was sent without troubleshooter findings.</p>
        )}
      </Card>
      {/* The attachments panel brings its own heading. */}
      <Card className={styles.block}>
        {renderAttachments({ consultId: consult.consultId, canChange: consult.status === 'new' })}
      </Card>
    </>
  );
}
