import { LOAD_MESSAGES } from '../../../../../core/messages';
import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { Link } from 'react-router-dom';
import type { CustomerConsult } from '../../../../../core/schemas/consults';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { PageHeader } from '../../../components/page-header';
import type { Column } from '../../../components/ui/data-table';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { dateTime } from '../../../lib/format-time';
import { useAccountConsults } from '../api/customer-consults';
import { ConsultStatusBadge } from './consult-status-badge';
import styles from './customer-consults.module.css';

const when = (iso: string | undefined) => (iso ? <time dateTime={iso}>{dateTime(iso)}</time> : '—');

const columns: Column<CustomerConsult>[] = [
  {
    key: 'reference',
    header: 'Reference',
    primary: true,
    render: (c) => <Link to={pagePaths.consult(c.consultId)}>{c.reference}</Link>,
  },
  { key: 'patient', header: 'Patient', render: (c) => c.patient },
  { key: 'eye', header: 'Eye', render: (c) => c.eye },
  { key: 'lens', header: 'Lens', render: (c) => c.currentLens.designName },
  { key: 'status', header: 'Status', render: (c) => <ConsultStatusBadge status={c.status} /> },
  { key: 'sent', header: 'Sent', render: (c) => when(c.createdAt) },
  { key: 'answered', header: 'Answered', render: (c) => when(c.reply?.at) },
];

/**
 * /customer/consults for the account chosen in the sidebar: its consult requests, newest first, a page at a
 * time, each leading to its answer; "Ask a consultant" starts a new one.
 */
export function ConsultsListPage({ accountNumber }: { accountNumber: string }) {
  const pages = useCursorPages();
  const query = useAccountConsults(accountNumber, pages.cursor ?? null);

  return (
    <>
      <PageHeader
        title="Consults"
        description={`Questions about a fit, sent to the lab's consultants for account ${accountNumber}, and their answers.`}
        actions={
          <Link className={styles.primaryLink} to={PAGE_PATHS.customerConsultNew}>
            Ask a consultant
          </Link>
        }
      />
      <Card>
        <CursorTable
          query={query}
          pages={pages}
          count={{ loading: 'Loading consults…', noun: ['consult', 'consults'], detail: 'on this page, newest first' }}
          failed={LOAD_MESSAGES.consults}
          empty={{
            title: pages.page > 1 ? 'No more consults' : 'No consults yet',
            body:
              pages.page > 1 ? null : (
                <>
                  <p>
                    The Ampleye Virtual Consultant helps with scleral fits. The troubleshooter turns what you see at the
                    slit lamp into suggestions at once; when you want the lab&apos;s view, ask a consultant. The lab
                    answers within one business day with a parameter set you can order in one step.
                  </p>
                  <p className={styles.emptyLinks}>
                    <Link to={PAGE_PATHS.consultantTroubleshooter}>Open the troubleshooter</Link>
                    <Link to={PAGE_PATHS.customerConsultNew}>Ask a consultant</Link>
                  </p>
                </>
              ),
          }}
          table={{
            caption: `Consults of account ${accountNumber}, newest first`,
            columns,
            rowKey: (c) => c.consultId,
            pager: 'Consults',
          }}
        />
      </Card>
    </>
  );
}
