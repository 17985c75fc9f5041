import { LOAD_MESSAGES } from '../../../../../core/messages';
import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { consultantDesignOf } from '../../../../../core/rules/consultant-designs';
import { consultIdSchema, type Consult, type ConsultStatus } from '../../../../../core/schemas/consults';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { EYE_LABELS } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadingLine, Spinner } from '../../../components/ui/spinner';
import { isCallableError } from '../../../lib/callable-error';
import { dateTime } from '../../../lib/format-time';
import { useLensDesigns } from '../../../lib/lens-catalogue';
import { useLabConsult } from '../api/lab-consults';
import { LensParameterList } from '../components/lens-parameter-list';
import { ObservationsSummary } from '../components/observations-summary';
import { SuggestionList } from '../components/suggestion-list';
import { ConsultReplyForm } from './consult-reply-form';
import { CONSULT_QUEUE_TABS, ConsultWaitingAge } from './consult-queue';
import { LinkAccountForm } from './link-account-form';
import { RequesterPractice } from './requester-practice';
import styles from './lab-consults.module.css';

/** The files panel, given by the page (the attachments feature); the lab only looks at the files. */
export type ConsultAttachmentsComponent = ComponentType<{ consultId: string; canChange: boolean }>;

const STATUS_TONES = { new: 'warning', answered: 'info', ordered: 'success' } as const;

/** The status as the lab's queue names it (the practice's pages word and colour it for the practice). */
function LabStatusBadge({ status }: { status: ConsultStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{CONSULT_QUEUE_TABS.find((t) => t.key === status)?.label}</Badge>;
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, detail]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who asked: the practice user, or everything a visitor gave (practice, contact, email, licence, phone). */
function requesterRows(consult: Consult): [string, ReactNode][] {
  const { requester } = consult;
  const email = <a href={`mailto:${requester.email}`}>{requester.email}</a>;
  if (consult.source === 'practice')
    return [
      ['Account', consult.accountNumber ?? '—'],
      ['Requested by', requester.name],
      ['Email', email],
    ];
  return [
    // A lead until it is linked to a practice's account (then the account shows beside what was typed).
    ...((consult.accountNumber
      ? [
          ['Account', consult.accountNumber],
          ['Practice as typed', requester.practiceName ?? '—'],
        ]
      : [['Practice', <RequesterPractice key="practice" consult={consult} />]]) as [string, ReactNode][]),
    ['Contact', requester.name],
    ['Email', email],
    ['License number', requester.licenceNumber ?? '—'],
    ['Phone', requester.phone ?? '—'],
  ];
}

function OrderLinks({ orderIds }: { orderIds: readonly string[] }) {
  return (
    <>
      {orderIds.map((orderId, index) => (
        <span key={orderId}>
          {index > 0 ? ', ' : null}
          <Link to={pagePaths.labOrder(orderId)}>
            {orderIds.length > 1 ? `Open order ${index + 1}` : 'Open the order'}
          </Link>
        </span>
      ))}
    </>
  );
}

/** The answer as sent: text, the proposed lens and who sent it when. */
function AnswerView({ consult, designs }: { consult: Consult; designs: readonly LensDesign[] }) {
  const { reply } = consult;
  if (!reply) return null;
  const definitions = designs.find((d) => d.lensId === reply.proposal.lensId)?.parameters;
  return (
    <div className={styles.answer}>
      <p className={styles.preWrap}>{reply.text}</p>
      <h3 className={styles.subheading}>Proposed lens: {reply.proposal.lensName}</h3>
      <LensParameterList parameters={reply.proposal.parameters} definitions={definitions} />
      <p className={styles.muted}>
        Answered by {reply.by.name} on {dateTime(reply.at)}.
      </p>
    </div>
  );
}

/**
 * The answer card: the form for a waiting consult; the answer, changeable until the practice orders from it.
 * The form stays open (with what was typed) when a reload shows that another admin answered meanwhile: their
 * answer shows above it, and sending replaces it.
 */
function AnswerCard({
  consult,
  designs,
  catalogue,
  onReload,
}: {
  consult: Consult;
  designs: readonly LensDesign[];
  catalogue: 'pending' | 'error' | 'success';
  onReload: () => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(consult.status === 'new');
  const open = editing && consult.status !== 'ordered';
  // The form starts from the catalogue (the current lens's design), so it waits for it.
  const form =
    catalogue === 'pending' ? (
      <p className={styles.loading} role="status">
        <Spinner size={14} /> Loading the lens catalog…
      </p>
    ) : catalogue === 'error' ? (
      <Alert tone="error" title="The lens catalog could not be loaded">
        A proposal names a catalog design: reload the page to answer.
      </Alert>
    ) : (
      <ConsultReplyForm
        consult={consult}
        designs={designs}
        onReload={onReload}
        onDone={() => setEditing(false)}
        {...(consult.reply ? { onCancel: () => setEditing(false) } : {})}
      />
    );

  return (
    <Card title="Answer">
      <AnswerView consult={consult} designs={designs} />
      {open ? (
        form
      ) : consult.status === 'answered' ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Change the answer
        </Button>
      ) : consult.status === 'ordered' ? (
        <p className={styles.muted}>
          The practice ordered from this answer, so it can no longer change
          {consult.orderIds.length ? (
            <>
              {' '}
              (<OrderLinks orderIds={consult.orderIds} />)
            </>
          ) : null}
          .
        </p>
      ) : null}
    </Card>
  );
}

/**
 * /admin/consults/:consultId: one consult request with everything a consultant needs to answer it: who asked,
 * the patient and eye, the lens on the eye, the question, the troubleshooter's observations and suggestions
 * and the practice's images side by side, then the answer (text and a proposed lens). A visitor's request
 * can be linked to a practice.
 */
export function ConsultReview({
  consultId,
  Attachments,
}: {
  consultId: string;
  Attachments?: ConsultAttachmentsComponent;
}) {
  const wellFormed = consultIdSchema.safeParse(consultId).success;
  const query = useLabConsult(consultId, wellFormed);
  const catalogue = useLensDesigns({ includeInactive: false });
  const designs = catalogue.data?.items ?? [];
  const back = (
    <Link to={PAGE_PATHS.adminConsults} className={styles.back}>
      <span aria-hidden="true">← </span>Back to the queue
    </Link>
  );
  const notFound = (
    <>
      {back}
      <EmptyState title="Consult not found">This consult does not exist, or its link is incomplete.</EmptyState>
    </>
  );

  if (!wellFormed) return notFound;
  if (query.isPending)
    return (
      <>
        {back}
        <LoadingLine className={styles.loading}>Loading the consult…</LoadingLine>
      </>
    );
  if (query.isError) {
    if (isCallableError(query.error) && query.error.status === 'not-found') return notFound;
    return (
      <>
        {back}
        <Alert tone="error" title={LOAD_MESSAGES.consult}>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }

  const consult = query.data;
  const reload = () => query.refetch();
  const currentDesign = designs.find((d) => d.lensId === consult.currentLens.lensId);
  const isLead = consult.source === 'public' && !consult.accountNumber;

  return (
    <>
      {back}
      <PageHeader
        title={`Consult ${consult.reference}`}
        description={`${consult.patient} · ${EYE_LABELS[consult.eye]} · ${consult.currentLens.designName}`}
      />
      {query.isFetching ? (
        <p className={styles.loading} role="status">
          <Spinner size={14} /> Refreshing…
        </p>
      ) : null}
      <div className={styles.grid}>
        <Card title="Request" className={styles.wide}>
          <Facts
            rows={[
              ['Status', <LabStatusBadge key="status" status={consult.status} />],
              ...requesterRows(consult),
              ['Patient', consult.patient],
              ['Eye', EYE_LABELS[consult.eye]],
              ['Sent', dateTime(consult.createdAt)],
              ...(consult.status === 'new'
                ? ([['Waiting', <ConsultWaitingAge key="age" createdAt={consult.createdAt} />]] as [
                    string,
                    ReactNode,
                  ][])
                : []),
            ]}
          />
        </Card>
        {isLead ? (
          <Card title="Link to a practice" className={styles.wide}>
            <LinkAccountForm consult={consult} onReload={reload} />
          </Card>
        ) : null}
        <Card title="Current lens">
          <p className={styles.lensName}>
            {consult.currentLens.designName}
            {consult.currentLens.fromOrderId ? (
              <>
                {' · '}
                <Link to={pagePaths.labOrder(consult.currentLens.fromOrderId)}>From a past order</Link>
              </>
            ) : null}
          </p>
          <LensParameterList parameters={consult.currentLens.parameters} definitions={currentDesign?.parameters} />
        </Card>
        <Card title="Question">
          <p className={styles.preWrap}>{consult.question}</p>
        </Card>
      </div>
      <div className={styles.panels}>
        <Card title="Observations">
          {consult.observations ? (
            <ObservationsSummary observations={consult.observations} designs={designs.map(consultantDesignOf)} />
          ) : (
            <p className={styles.muted}>The troubleshooter was not used for this request.</p>
          )}
        </Card>
        <Card title="Suggestions">
          {consult.suggestions.length ? (
            <SuggestionList suggestions={consult.suggestions} headingLevel={3} />
          ) : (
            <p className={styles.muted}>No suggestions were sent with this request.</p>
          )}
        </Card>
        <Card title="Images">
          {consult.source === 'public' ? (
            <p className={styles.muted}>Visitors cannot attach files. Ask the contact by email if you need images.</p>
          ) : Attachments ? (
            <Attachments consultId={consult.consultId} canChange={false} />
          ) : (
            <p className={styles.muted}>Files cannot be shown here.</p>
          )}
        </Card>
      </div>
      <AnswerCard consult={consult} designs={designs} catalogue={catalogue.status} onReload={reload} />
    </>
  );
}
