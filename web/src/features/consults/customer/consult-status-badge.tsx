import { CONSULT_STATUS_LABELS, type ConsultStatus } from '../../../../../core/schemas/consults';
import { Badge } from '../../../components/ui/badge';

/** Waiting on the lab is blue, an answer to act on green, ordered done (grey); the word carries the meaning. */
const TONES = { new: 'info', answered: 'success', ordered: 'neutral' } as const satisfies Record<ConsultStatus, string>;

export function ConsultStatusBadge({ status }: { status: ConsultStatus }) {
  return <Badge tone={TONES[status]}>{CONSULT_STATUS_LABELS[status]}</Badge>;
}
