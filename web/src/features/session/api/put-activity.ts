import type { PutActivityInput } from '../../../../../core/schemas/activity';
import { callRoute } from '../../../lib/api-client';

/** spec 3, 7: writes this browser's activity record (route putActivity; throttled server-side too). */
export const putActivity = (input: PutActivityInput) => callRoute('putActivity', input);
