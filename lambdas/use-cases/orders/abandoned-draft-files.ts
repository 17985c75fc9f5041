import type { Order } from '../../../core/schemas/orders';
import type { Logger } from '../../ports/logger';
import type { AttachedFiles } from '../../ports/attached-files';
import type { OrdersRepository } from '../../ports/orders-repository';
import { describeError } from '../../../core/describe-error';
import type { Clock } from '../../kernel/clock';

/**
 * The daily "abandoned draft files" job. A draft nobody has touched for
 * ABANDONED_DRAFT_DAYS loses its uploaded files: topography maps and OCT scans are patient data and do not
 * sit in storage for an order that was never placed. The draft itself stays (its typed fields are its
 * creator's to discard); reopening it shows no files. A discarded draft's files go at once
 * (discardOrderDraft). A bucket lifecycle rule cannot do this: drafts live in DynamoDB, not in S3.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const ABANDONED_DRAFT_DAYS = 30;
const DRAFTS_PAGE = 100;
/** Only the file dates are needed from the listing: one byte each. */
const NO_CONTENT = 1;

export interface AbandonedDraftFilesDeps {
  orders: Pick<OrdersRepository, 'listByStatus'>;
  files: Pick<AttachedFiles, 'list' | 'removeAll'>;
  log: Pick<Logger, 'info' | 'warn'>;
  now: Clock['now'];
}

export interface AbandonedDraftFilesReport {
  /** Drafts started before the cut-off (the byStatus index), whatever their last save. */
  draftsRead: number;
  /** Drafts whose files were removed by this run. */
  draftsCleared: number;
  /** Files removed by this run. */
  filesRemoved: number;
  /** Drafts left for the next run because a read or a delete failed. */
  failed: number;
}

/** Drafts started at or before `before`, oldest first (statusAt of a draft is when it was started). */
async function* draftsStartedBefore(deps: AbandonedDraftFilesDeps, before: string): AsyncGenerator<Order> {
  let cursor: string | undefined;
  do {
    const page = await deps.orders.listByStatus({ status: 'draft', to: before, limit: DRAFTS_PAGE, cursor });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function removeAbandonedDraftFiles(deps: AbandonedDraftFilesDeps): Promise<AbandonedDraftFilesReport> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - ABANDONED_DRAFT_DAYS * DAY_MS).toISOString();
  const report: AbandonedDraftFilesReport = { draftsRead: 0, draftsCleared: 0, filesRemoved: 0, failed: 0 };
  for await (const draft of draftsStartedBefore(deps, cutoff)) {
    report.draftsRead++;
    // Saved (or a file added) since the cut-off: still in use.
    if (draft.updatedAt > cutoff) continue;
    try {
      const files = await deps.files.list(draft.orderId, NO_CONTENT);
      if (files.length === 0 || files.some((file) => file.lastModified > cutoff)) continue;
      await deps.files.removeAll(draft.orderId);
      report.draftsCleared++;
      report.filesRemoved += files.length;
    } catch (error) {
      // One draft's failure does not stop the others; the next run tries it again.
      report.failed++;
      deps.log.warn('abandoned draft files not removed', { orderId: draft.orderId, error: describeError(error) });
    }
  }
  deps.log.info('abandoned draft files', { ...report, cutoff });
  return report;
}
