import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted, AppError, invalidArgument, notFound, permissionDenied } from '../../../core/errors';
import {
  isFixedStageId,
  nextWorkStage,
  stageIndex,
  stageLabel,
  stageOfOrder,
  type ProductionStage,
} from '../../../core/rules/production-stages';
import type { MoveOrderStagesInput, MoveOrderStagesOutput, Order, StageMoveResult } from '../../../core/schemas/orders';
import { describeError } from '../../../core/describe-error';
import type { Identity } from '../../auth/verify-token';
import { displayName, isLab } from '../../kernel/caller';
import { mapWithLimit } from '../../concurrency/map-with-limit';
import { orderRefusals } from '../../ports/orders-repository';
import type { OrderDeps } from './order-deps';
import { ORDER_NOT_FOUND, toSummary } from './order-view';
import { orderWebhook } from './order-webhook';

export type MoveOrderStagesDeps = Pick<OrderDeps, 'orders' | 'users' | 'production' | 'audit' | 'log' | 'now'>;

/** Orders moved at once: each is a read and a conditional write, and DynamoDB serves a few side by side. */
const MOVES_IN_FLIGHT = 5;

export const STAGE_MESSAGES = {
  notInProduction: (order: Order) => `${orderName(order)} is not in production: only an approved order changes stage.`,
  alreadyThere: (order: Order, label: string) => `${orderName(order)} is already at ${label}.`,
  noNextStage: (order: Order) => `${orderName(order)} is at its last work stage: shipping it is the next step.`,
  unknownStage: (id: string) => `There is no stage "${id}" in the lab's list.`,
  shipping: 'Shipped and Delivered are not moves: shipping is its own action, and delivery comes from the carrier.',
  unavailable: 'This order could not be moved just now. Please try again.',
} as const;

const orderName = (order: Pick<Order, 'orderNumber'>) => `Order ${order.orderNumber ?? ''}`.trim();

/** Where a move takes an order, or why it cannot go there (the lab's list decides which stages exist). */
function targetStage(stages: readonly ProductionStage[], order: Order, to: string): string {
  const current = stageOfOrder(order)!;
  if (to === 'next') {
    const next = nextWorkStage(stages, current);
    if (!next) throw aborted(STAGE_MESSAGES.noNextStage(order));
    return next.id;
  }
  if (to === 'shipped' || to === 'delivered') throw invalidArgument(STAGE_MESSAGES.shipping);
  if (stageIndex(stages, to) === -1 || (isFixedStageId(to) && to !== 'approved'))
    throw invalidArgument(STAGE_MESSAGES.unknownStage(to));
  if (to === current) throw aborted(STAGE_MESSAGES.alreadyThere(order, stageLabel(stages, to)));
  return to;
}

/**
 * `moveOrderStages` (admins): the lab's bulk stage move. Each order moves on its own conditional write over the
 * version the queue read (optimistic locking, as every lab action), so the answer says exactly which orders moved
 * and which were refused and why ("changed by someone else, reload"). An approved order may go to any work stage
 * or back to 'approved' (a lens remade in the lab starts again), never to shipped or delivered. No email (a batch
 * of moves would flood the practice); each move is in the timeline and the audit log.
 */
export async function moveOrderStages(
  caller: Identity,
  input: MoveOrderStagesInput,
  deps: MoveOrderStagesDeps,
): Promise<MoveOrderStagesOutput> {
  if (!isLab(caller)) throw permissionDenied();
  const [{ stages }, user] = await Promise.all([deps.production.get(), deps.users.get(caller.userId)]);
  const by = { userId: caller.userId, name: displayName(user, caller.email), actor: 'lab' as const };

  const moveOne = async ({ orderId, version, to }: MoveOrderStagesInput['moves'][number]): Promise<StageMoveResult> => {
    const order = await deps.orders.get(orderId);
    if (!order || order.status === 'draft') throw notFound(ORDER_NOT_FOUND);
    if (order.version !== version) throw aborted(CHANGED_MESSAGES.order);
    if (order.status !== 'approved') throw aborted(STAGE_MESSAGES.notInProduction(order));
    // Checked against today's list: the lab may have changed it since the order entered its stage.
    const stage = targetStage(stages, order, to);
    const at = deps.now().toISOString();
    const moved: Order = {
      ...order,
      stage,
      stageAt: at,
      updatedAt: at,
      version: order.version + 1,
      history: [...order.history, { at, action: 'stage', from: 'approved', to: 'approved', by, stage }],
    };
    try {
      await deps.orders.write({
        order: moved,
        expectedVersion: order.version,
        notices: orderWebhook(deps, order, moved),
      });
    } catch (error) {
      if (orderRefusals.is(error) && error.reason === 'order') throw aborted(CHANGED_MESSAGES.order);
      throw error;
    }
    await deps.audit.recordChange({
      action: 'order.stage',
      target: { type: 'order', id: orderId },
      accountNumber: order.accountNumber,
      before: { orderNumber: order.orderNumber, stage: stageOfOrder(order), version: order.version },
      after: { orderNumber: order.orderNumber, stage, version: moved.version },
      keep: ['orderNumber'],
    });
    return { orderId, ok: true, order: toSummary(moved) };
  };

  const results = await mapWithLimit(input.moves, MOVES_IN_FLIGHT, async (move): Promise<StageMoveResult> => {
    try {
      return await moveOne(move);
    } catch (error) {
      if (error instanceof AppError && error.httpCode < 500)
        return { orderId: move.orderId, ok: false, error: { status: error.status, message: error.message } };
      // One order's failure must not hide which others moved: it is reported with the rest, and logged.
      deps.log.error('stage move failed', { orderId: move.orderId, error: describeError(error) });
      return {
        orderId: move.orderId,
        ok: false,
        error: { status: 'unavailable', message: STAGE_MESSAGES.unavailable },
      };
    }
  });
  const moved = results.filter((r) => r.ok).length;
  return { results, moved, refused: results.length - moved };
}
