import { useState } from 'react';
import { previousMonthPeriod } from '../../../../../core/rules/statements';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useMonthStatements } from '../api/statement-queries';
import type { StatementSummary } from '../../../../../core/schemas/statements';
import { Button } from '../../../components/ui/button';
import { CorrectStatementDialog } from './correct-statement-dialog';
import { statementColumns, statementKey, statementTitle } from './statement-columns';

export const LAB_STATEMENT_PAGE_SIZE = 50;
const MONTHS_OFFERED = 12;

/** The last `count` months before today's, newest first ('YYYY-MM'). */
export function recentMonths(today: string, count = MONTHS_OFFERED): string[] {
  const months: string[] = [];
  let day = today;
  for (let i = 0; i < count; i += 1) {
    const period = previousMonthPeriod(day);
    months.push(period.month);
    day = period.from;
  }
  return months;
}

/**
 * /admin/statements (admins): one month's statements across every account, by account number; staff with the
 * billing permission may issue a corrected version.
 */
export function AdminStatements({ today, mayCorrect }: { today: string; mayCorrect: boolean }) {
  const months = recentMonths(today);
  const [month, setMonth] = useState(months[0]!);
  const [correcting, setCorrecting] = useState<StatementSummary | null>(null);
  const pages = useCursorPages();
  const query = useMonthStatements({
    month,
    limit: LAB_STATEMENT_PAGE_SIZE,
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });
  return (
    <>
      <PageHeader
        title="Statements"
        description="Every account's monthly statement, issued on the first business day of the month after."
      />
      <Card>
        <SelectField
          label="Month"
          options={months.map((m) => ({ value: m, label: statementTitle({ month: m, version: 1 }) }))}
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            pages.reset();
          }}
        />
        <CursorTable
          query={query}
          pages={pages}
          failed="The statements could not be loaded"
          empty={{ title: 'No statements for this month', body: 'They are issued on the first business day after it.' }}
          table={{
            caption: `Statements of ${statementTitle({ month, version: 1 })}, by account`,
            columns: [
              {
                key: 'account',
                header: 'Account',
                primary: true,
                render: (s) => `${s.accountNumber}${s.version > 1 ? ` (version ${s.version})` : ''}`,
              },
              { key: 'practice', header: 'Practice', render: (s) => s.practiceName },
              ...statementColumns(),
              ...(mayCorrect
                ? [
                    {
                      key: 'correct',
                      header: 'Correct',
                      actions: true,
                      render: (s: StatementSummary) => (
                        <Button
                          variant="ghost"
                          aria-label={`Correct the statement of ${s.accountNumber}`}
                          onClick={() => setCorrecting(s)}
                        >
                          Correct
                        </Button>
                      ),
                    },
                  ]
                : []),
            ],
            rowKey: statementKey,
            pager: 'Statements',
          }}
        />
      </Card>
      {correcting ? <CorrectStatementDialog statement={correcting} onClose={() => setCorrecting(null)} /> : null}
    </>
  );
}
