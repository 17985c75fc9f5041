import type { Consult } from '../../core/schemas/consults';

/**
 * The consult emails, built from Email Management templates like the order and money emails. Each is stored
 * in the outbox (topic 'consult') in the transaction of the consult change it reports, and the outbox consumer
 * renders and sends it through the notifier, trying again until it goes out.
 */
export type ConsultEmail =
  /** To the lab's recipients (lab notification settings): a new request waits in the queue. */
  | { kind: 'consult-received'; consult: Consult }
  /** To whoever asked (the practice user, or the visitor's email): the lab's answer is ready. */
  | { kind: 'consult-answered'; consult: Consult };

export interface ConsultNotifier {
  notify(email: ConsultEmail): Promise<void>;
}
