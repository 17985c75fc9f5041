import type { Consult } from '../../core/schemas/consults';

/**
 * The consult emails, built from Email Management templates like the order and money emails. Never throws:
 * a failed email is logged and the consult change it reports stands.
 */
export type ConsultEmail =
  /** To the lab's recipients (lab notification settings): a new request waits in the queue. */
  | { kind: 'consult-received'; consult: Consult }
  /** To whoever asked (the practice user, or the visitor's email): the lab's answer is ready. */
  | { kind: 'consult-answered'; consult: Consult };

export interface ConsultNotifier {
  notify(email: ConsultEmail): Promise<void>;
}
