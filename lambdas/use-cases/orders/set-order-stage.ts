import { AppError, ERROR_STATUS_BY_HTTP, type ErrorStatus } from '../../../core/errors';
import type { MachineSetOrderStageInput } from '../../../core/schemas/machine';
import type { OrderSummary } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { moveOrderStages, type MoveOrderStagesDeps } from './move-order-stages';

/**
 * One order's stage move for a machine client: the lab's bulk move with one order, its refusal answered as the
 * request's error (a stale version 409, an order not in production 409), so a client reads it from the status.
 */
export async function setOrderStage(
  caller: Identity,
  input: MachineSetOrderStageInput,
  deps: MoveOrderStagesDeps,
): Promise<OrderSummary> {
  const [result] = (await moveOrderStages(caller, { moves: [input] }, deps)).results;
  if (result?.ok && result.order) return result.order;
  const error = result?.error;
  if (error && isErrorStatus(error.status)) throw new AppError(error.status, error.message);
  throw new Error(`The stage move of ${input.orderId} failed`);
}

const isErrorStatus = (status: string): status is ErrorStatus =>
  (Object.values(ERROR_STATUS_BY_HTTP) as string[]).includes(status);
