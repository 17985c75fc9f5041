import type { Consult } from '../../core/schemas/consults';
import type { EmailKind } from '../../core/schemas/email/email';
import type { ParameterDefinition } from '../../core/schemas/lenses';
import { consultAnsweredValues, consultReceivedValues } from '../email/consult-email-values';
import { addressesOnce, type TemplateMailingDeps } from '../email/template-mailing';
import type { Logger } from '../ports/logger';
import type { ConsultEmail, ConsultNotifier } from '../ports/consult-notifier';
import type { CustomersRepository } from '../ports/customers-repository';
import type { LensCatalogue } from '../ports/lens-catalogue';
import type { UsersRepository } from '../ports/users-repository';
import { describeError } from '../../core/describe-error';
import { dynamoCustomersRepository } from './dynamo-customers-repository';
import { dynamoLensCatalogue } from './dynamo-lens-catalogue';
import { dynamoUsersRepository } from './dynamo-users-repository';
import { templateNotifierBase } from './template-notifier';

export interface TemplateConsultNotifierDeps extends TemplateMailingDeps {
  /** The practice's name (`{{practiceName}}`) when a practice request did not carry one. */
  customers: Pick<CustomersRepository, 'get'>;
  /** A practice user's current address (they may have changed it since they asked). */
  users: Pick<UsersRepository, 'get'>;
  /** The designs' parameter labels and units, for the one-line lens summaries (current lens, proposal). */
  lenses: Pick<LensCatalogue, 'get'>;
  portalUrl: string | null;
  log: Logger;
}

/**
 * The consult emails from the Email Management templates, addressed as the ConsultNotifier port says: a new
 * request to each of the lab's notification recipients, the answer to whoever asked. Every address gets an
 * email of its own. Never throws: a template, lookup or send that fails is logged, and the consult change the
 * email reports stands. A lookup that fails costs only a nicety (the practice's name, a parameter's label).
 */
export function templateConsultNotifier(deps: Partial<TemplateConsultNotifierDeps> = {}): ConsultNotifier {
  const { log, resolved, portal, mailing } = templateNotifierBase<
    Omit<TemplateConsultNotifierDeps, 'log' | 'portalUrl'>
  >('consult', deps, () => ({
    customers: deps.customers ?? dynamoCustomersRepository(),
    users: deps.users ?? dynamoUsersRepository(),
    lenses: deps.lenses ?? dynamoLensCatalogue(),
  }));

  /** Logs a failed lookup and answers the fallback: no lookup stops an email. */
  async function lookup<T>(what: string, consult: Consult, read: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await read();
    } catch (error) {
      log.warn(`consult email: ${what} unavailable`, { consultId: consult.consultId, error: describeError(error) });
      return fallback;
    }
  }

  /** Only a practice request without the practice's name reads the customer record. */
  const companyOf = (consult: Consult) => {
    const accountNumber = consult.accountNumber;
    if (consult.requester.practiceName?.trim() || !accountNumber) return Promise.resolve(undefined);
    return lookup(
      'practice name',
      consult,
      async () => (await resolved().customers.get(accountNumber))?.company,
      undefined,
    );
  };

  const requesterAddress = (consult: Consult) => {
    const { userId, email } = consult.requester;
    if (!userId) return Promise.resolve(email);
    return lookup(
      'requester address',
      consult,
      async () => (await resolved().users.get(userId))?.email ?? email,
      email,
    );
  };

  /** A design's parameter labels and units, so a lens reads as on the order views rather than by key. */
  const definitionsOf = (what: string, consult: Consult, lensId: string | undefined) => {
    if (!lensId) return Promise.resolve<ParameterDefinition[]>([]);
    return lookup(what, consult, async () => (await resolved().lenses.get(lensId))?.parameters ?? [], []);
  };

  async function letterOf(email: ConsultEmail): Promise<{ to: string[]; values: () => Record<string, string> }> {
    const { consult } = email;
    const company = await companyOf(consult);
    switch (email.kind) {
      case 'consult-received': {
        const [to, definitions] = await Promise.all([
          mailing.labRecipients(),
          definitionsOf('current lens design', consult, consult.currentLens.lensId),
        ]);
        return {
          to,
          values: () =>
            consultReceivedValues(consult, { portalUrl: portal, company, currentLensDefinitions: definitions }),
        };
      }
      case 'consult-answered': {
        const [to, definitions] = await Promise.all([
          requesterAddress(consult),
          definitionsOf('proposed design', consult, consult.reply?.proposal.lensId),
        ]);
        return {
          to: [to],
          values: () =>
            consultAnsweredValues(consult, { portalUrl: portal, company, proposalDefinitions: definitions }),
        };
      }
    }
  }

  return {
    async notify(email: ConsultEmail) {
      const kind: EmailKind = email.kind;
      const context = { kind, consultId: email.consult.consultId, reference: email.consult.reference };
      try {
        const letter = await letterOf(email);
        const to = [...addressesOnce(['to', letter.to]).keys()];
        if (to.length === 0) {
          log.warn('consult email: nobody to send it to', context);
          return;
        }
        const template = await mailing.template(kind);
        for (const address of to) await mailing.sendOne(address, template, letter.values, context);
      } catch (error) {
        log.error('consult email: failed', { ...context, error: describeError(error) });
      }
    },
  };
}
