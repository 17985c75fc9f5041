import type { MoveOrderStagesInput, MoveOrderStagesOutput, OrderSummary } from '../../../../../core/schemas/orders';

/** Where the toolbar sends the chosen orders: each one's next work stage, or one stage of the lab's list. */
export type StageTarget = 'next' | { stage: string };

/**
 * The one moveOrderStages input for the chosen orders of the page shown, each with the version the queue read, in
 * the queue's order (so the answer's refusals read in the order the lab sees them).
 */
export function stageMovesInput(
  rows: readonly OrderSummary[],
  chosen: ReadonlySet<string>,
  target: StageTarget,
): MoveOrderStagesInput {
  const to = target === 'next' ? 'next' : target.stage;
  return {
    moves: rows
      .filter((row) => chosen.has(row.orderId))
      .map((row) => ({ orderId: row.orderId, version: row.version, to })),
  };
}

/** What the lab reads after a move: how many moved, and each refused order by its number with the server's reason. */
export interface StageMoveReport {
  summary: string;
  refused: Array<{ orderId: string; number: string; message: string }>;
}

/** "3 moved, 1 not moved", and the refused orders named as the queue names them (their number). */
export function stageMoveReport(output: MoveOrderStagesOutput, rows: readonly OrderSummary[]): StageMoveReport {
  const numberOf = (orderId: string) => rows.find((row) => row.orderId === orderId)?.orderNumber ?? orderId;
  const refused = output.results
    .filter((result) => !result.ok)
    .map((result) => ({
      orderId: result.orderId,
      number: numberOf(result.orderId),
      message: result.error?.message ?? 'Not moved.',
    }));
  const summary = output.refused === 0 ? `${output.moved} moved` : `${output.moved} moved, ${output.refused} not moved`;
  return { summary, refused };
}
