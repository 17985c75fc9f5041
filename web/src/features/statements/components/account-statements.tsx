import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useAccountStatements } from '../api/statement-queries';
import { statementColumns, statementKey, statementTitle } from './statement-columns';

export const STATEMENT_PAGE_SIZE = 24;

/**
 * Pay Online's Statements tab: the account's monthly statements, newest month first, each version (a correction
 * is listed above the statement it corrects), with the numbers that reconcile and the PDF.
 */
export function AccountStatements({ accountNumber }: { accountNumber: string }) {
  const pages = useCursorPages();
  const query = useAccountStatements({
    accountNumber,
    limit: STATEMENT_PAGE_SIZE,
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });
  return (
    <Card title="Statements">
      <CursorTable
        query={query}
        pages={pages}
        failed="The statements could not be loaded"
        empty={{
          title: 'No statements yet',
          body: `A statement of account ${accountNumber} is issued on the first business day of each month after money moves.`,
        }}
        table={{
          caption: `Monthly statements of account ${accountNumber}, newest first`,
          columns: [
            { key: 'month', header: 'Month', primary: true, render: (s) => statementTitle(s) },
            ...statementColumns(),
          ],
          rowKey: statementKey,
          pager: 'Statements',
        }}
      />
    </Card>
  );
}
