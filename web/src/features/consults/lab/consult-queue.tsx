import { LOAD_MESSAGES } from '../../../../../core/messages';
import { pagePaths } from '../../../../../core/page-paths';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { consultAge } from '../../../../../core/rules/consult-age';
import {
  CONSULT_ANSWER_TARGET_BUSINESS_DAYS,
  CONSULT_STATUSES,
  type Consult,
  type ConsultStatus,
} from '../../../../../core/schemas/consults';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { Badge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { dateTime, relativeTime } from '../../../lib/format-time';
import { useConsultQueue } from '../api/lab-consults';
import { RequesterPractice } from './requester-practice';
import list from '../../../components/list-page.module.css';
import styles from './lab-consults.module.css';

/** The lab's words for the statuses (the practice sees CONSULT_STATUS_LABELS). */
export const CONSULT_QUEUE_TABS: readonly { key: ConsultStatus; label: string }[] = [
  { key: 'new', label: 'New' },
  { key: 'answered', label: 'Answered' },
  { key: 'ordered', label: 'Ordered' },
];

const statusOf = (value: string | null): ConsultStatus =>
  (CONSULT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ConsultStatus) : 'new';

const EXCERPT_LENGTH = 90;

/** The start of a question for a table cell: whole words, an ellipsis when cut. */
export function questionExcerpt(question: string, max = EXCERPT_LENGTH): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const TARGET_TEXT = `the target is ${CONSULT_ANSWER_TARGET_BUSINESS_DAYS} business day`;

/** How long a waiting consult has waited in business time, with "Overdue" written out past the target. */
export function ConsultWaitingAge({ createdAt, now = new Date() }: { createdAt: string; now?: Date }) {
  const age = consultAge(createdAt, now);
  return (
    <span className={styles.age}>
      <time dateTime={createdAt} title={`Sent ${dateTime(createdAt)}; ${TARGET_TEXT}`}>
        {age.label}
      </time>
      {age.overdue ? <Badge tone="danger">Overdue</Badge> : null}
    </span>
  );
}

/**
 * /admin/consults: the consult requests, one status at a time, oldest first, the waiting ones with their age
 * against the one-business-day answer target. The status lives in the query string (`?status=answered`),
 * the page cursor does not (a reload starts at page 1, as in the other lab queues).
 */
export function ConsultQueue() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const pages = useCursorPages();
  const { reset } = pages;
  useEffect(() => reset(), [status, reset]);
  const query = useConsultQueue(status, pages.cursor ?? null);
  const label = CONSULT_QUEUE_TABS.find((tab) => tab.key === status)?.label ?? '';

  const columns: Column<Consult>[] = [
    {
      key: 'reference',
      header: 'Reference',
      primary: true,
      render: (consult) => (
        <span className={list.nameCell}>
          <Link className={list.orderLink} to={pagePaths.labConsult(consult.consultId)}>
            {consult.reference}
          </Link>
          <span className={list.nameDetail}>Sent {dateTime(consult.createdAt)}</span>
        </span>
      ),
    },
    { key: 'practice', header: 'Practice', render: (consult) => <RequesterPractice consult={consult} /> },
    { key: 'patient', header: 'Patient', render: (consult) => consult.patient },
    { key: 'eye', header: 'Eye', render: (consult) => consult.eye },
    { key: 'lens', header: 'Lens', render: (consult) => consult.currentLens.designName },
    {
      key: 'question',
      header: 'Question',
      render: (consult) => <span className={styles.excerpt}>{questionExcerpt(consult.question)}</span>,
    },
    status === 'new'
      ? {
          key: 'age',
          header: 'Waiting',
          render: (consult) => <ConsultWaitingAge createdAt={consult.createdAt} />,
        }
      : {
          key: 'answered',
          header: 'Answered',
          render: (consult) =>
            consult.reply ? (
              <time dateTime={consult.reply.at} title={dateTime(consult.reply.at)}>
                {relativeTime(Date.parse(consult.reply.at))}
              </time>
            ) : (
              '—'
            ),
        },
  ];

  return (
    <Card title="Consult requests">
      <Tabs
        label="Consult status"
        tabs={CONSULT_QUEUE_TABS}
        selected={status}
        onSelect={(next: ConsultStatus) => setParams(next === 'new' ? {} : { status: next }, { replace: true })}
      >
        <CursorTable
          query={query}
          pages={pages}
          count={{ loading: 'Loading consults…', noun: ['consult', 'consults'], detail: 'on this page, oldest first' }}
          failed={LOAD_MESSAGES.consults}
          empty={{
            title: pages.page > 1 ? 'No more consults' : `No ${label.toLowerCase()} consults`,
            body:
              status === 'new' && pages.page === 1
                ? 'Requests from practices and visitors appear here, oldest first. The lab answers within one business day.'
                : null,
          }}
          table={{
            caption: `${label} consults, oldest first`,
            columns,
            rowKey: (consult) => consult.consultId,
            pager: 'Consults',
          }}
        />
      </Tabs>
    </Card>
  );
}
