import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS, type AuditEvent } from '../../../../../core/schemas/audit';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { TypedFilterBar } from '../../../components/typed-filter-bar';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { SelectField } from '../../../components/ui/select-field';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useTypedFilters } from '../../../hooks/use-typed-filters';
import { dateTime } from '../../../lib/format-time';
import { useAuditEvents } from '../api/audit-queries';
import {
  auditEventsInput,
  auditFilterErrors,
  auditFiltersFromParams,
  withAuditFilters,
  type AuditFilters,
} from '../model/audit-filters';
import { actionLabel, AUDIT_ACTION_LABELS } from '../model/audit-labels';
import styles from './audit-log.module.css';

export const AUDIT_PAGE_SIZE = 50;

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/**
 * /admin/audit (super admins): refused requests and every change the lab made, newest
 * first, filtered by who acted, practice, action and dates (in the URL), with cursor paging. Read-only: the
 * log is append-only, so there is nothing to edit or delete here.
 */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersFromParams(params);
  const update = (change: Partial<AuditFilters>) =>
    setParams(withAuditFilters(params, { ...auditFiltersFromParams(params), ...change }), { replace: true });
  // The typed fields (user email, account number) reach the URL once typing pauses.
  const typed = useTypedFilters({ account: filters.account, q: filters.user }, ({ account, q }) =>
    setParams(withAuditFilters(params, { ...filters, account, user: q }), { replace: true }),
  );

  const errors = auditFilterErrors(filters);
  const valid = !errors.account && !errors.from;
  const input = auditEventsInput(filters, AUDIT_PAGE_SIZE);
  const filterKey = JSON.stringify(input);
  const pages = useCursorPages();
  const { reset } = pages;
  useEffect(() => reset(), [filterKey, reset]);

  const query = useAuditEvents({ ...input, ...(pages.cursor ? { cursor: pages.cursor } : {}) }, valid);
  const filtered = Boolean(filters.user || filters.account || filters.action || filters.from || filters.to);

  return (
    <>
      <PageHeader
        title="Audit"
        description="Requests the portal refused and every change the lab made: who, when, from where, and what changed. Entries cannot be edited or removed."
      />
      <Card title="Audit log">
        <TypedFilterBar
          role="search"
          aria-label="Filter the audit log"
          typed={typed}
          search={{ label: 'User email', className: styles.user, maxLength: 254, hint: 'Who acted or was refused' }}
          accountError={errors.account}
          onClear={filtered ? () => update({ user: '', account: '', action: '', from: '', to: '' }) : null}
          clearClassName={styles.clear}
          dates={{ labels: ['From', 'To'], value: filters, errors, className: styles.date, onChange: update }}
        >
          <SelectField
            label="Action"
            className={styles.action}
            options={ACTION_OPTIONS}
            placeholder="Any action"
            value={filters.action}
            onChange={(event) => update({ action: event.target.value as AuditFilters['action'] })}
          />
        </TypedFilterBar>

        <CursorTable
          query={query}
          pages={pages}
          count={{
            loading: 'Loading the audit log…',
            noun: ['entry', 'entries'],
            detail:
              filters.from || filters.to ? 'on this page, newest first' : 'on this page, newest first (last 30 days)',
          }}
          failed="The audit log could not be loaded"
          empty={{
            title: pages.page > 1 ? 'No more entries' : 'No entries',
            body: filtered
              ? 'Nothing matches these filters. The user filter is the sign-in email of whoever acted.'
              : 'Nothing was refused or changed in the last 30 days.',
          }}
          table={{
            caption: 'Audit log entries, newest first',
            columns: COLUMNS,
            rowKey: (event) => event.eventId,
            pager: 'Audit log',
          }}
          hidden={!valid}
        />
      </Card>
    </>
  );
}

const KIND_BADGES: Record<AuditEvent['kind'], ReactNode> = {
  denied: <Badge tone="danger">Refused</Badge>,
  change: <Badge tone="info">Change</Badge>,
  auth: <Badge tone="neutral">Sign-in</Badge>,
};

const COLUMNS: Column<AuditEvent>[] = [
  {
    key: 'action',
    header: 'Action',
    primary: true,
    render: (event) => (
      <span className={styles.actionCell}>
        {KIND_BADGES[event.kind]} {actionLabel(event.action)}
      </span>
    ),
  },
  {
    key: 'when',
    header: 'When',
    render: (event) => <time dateTime={event.at}>{dateTime(event.at)}</time>,
  },
  {
    key: 'who',
    header: 'Who',
    render: (event) =>
      event.actor ? (
        <span className={styles.stack}>
          <span className={styles.wrap}>{event.actor.email ?? event.actor.userId}</span>
          <span className={styles.muted}>{event.actor.groups.join(', ') || 'no group'}</span>
        </span>
      ) : (
        <span className={styles.muted}>Not signed in</span>
      ),
  },
  {
    key: 'target',
    header: 'Target',
    render: (event) =>
      event.target || event.accountNumber ? (
        <span className={styles.stack}>
          {event.target ? (
            <span className={styles.wrap}>
              {event.target.type} {event.target.id}
            </span>
          ) : null}
          {event.accountNumber ? <span className={styles.muted}>Account {event.accountNumber}</span> : null}
        </span>
      ) : (
        <span className={styles.muted}>None</span>
      ),
  },
  { key: 'changes', header: 'What changed', render: (event) => <Changes event={event} /> },
  {
    key: 'request',
    header: 'Request',
    render: (event) => (
      <span className={styles.stack}>
        <span>
          {event.route}
          {event.status ? ` (${event.status})` : ''}
        </span>
        <span className={`${styles.muted} ${styles.wrap}`}>
          {event.sourceIp} · ref {event.correlationId}
        </span>
      </span>
    ),
  },
];

const MAX_SHOWN = 120;

/** A stored value as one short line: text as is, lists and objects as compact JSON, nothing as a dash. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** Each field of the before/after values: "field: before → after" (one side only for a create or delete). */
function Changes({ event }: { event: AuditEvent }) {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <dl className={styles.changes}>
      {keys.map((key) => (
        <div key={key} className={styles.change}>
          <dt>{key}</dt>
          <dd className={styles.wrap}>
            {event.before && event.after ? (
              <>
                {shown(before[key])} <span aria-hidden="true">→</span>
                <span className="visually-hidden">changed to</span> {shown(after[key])}
              </>
            ) : (
              shown(event.after ? after[key] : before[key])
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
