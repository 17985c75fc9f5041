import type { ConsultEmail } from '../ports/consult-notifier';
import type { MoneyEmail } from '../ports/money-notifier';
import type { DeliveryChannel, NoticeSenders } from '../ports/notice-outbox';
import type { OrderNotice } from '../ports/order-notifier';
import type { Logger } from '../ports/logger';
import type { OutboxMessage } from '../kernel/outbox';
import { sendStoredEmail } from '../email/email-notice';
import type { StoredEmail } from '../email/safe-email';
import { dynamoCustomersRepository } from './dynamo-customers-repository';
import { dynamoEmailTemplates } from './dynamo-email-templates';
import { dynamoLensCatalogue } from './dynamo-lens-catalogue';
import { dynamoUsersRepository } from './dynamo-users-repository';
import { templateConsultNotifier } from './template-consult-notifier';
import { templateMoneyNotifier } from './template-money-notifier';
import { templateOrderNotifier } from './template-order-notifier';

/**
 * The port with every method reporting a failure to `fault` before it is thrown on: the notifiers recover
 * softly from a failed read (the built-in template, no lab recipients, no practice name), which is right for
 * an email sent once but would make the outbox call a half-delivered message sent. With this, such a try is
 * tried again.
 */
export function faultTracked<T extends object>(port: T, fault: (error: unknown) => void): T {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          const answer: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return answer instanceof Promise
            ? answer.catch((error: unknown) => {
                fault(error);
                throw error;
              })
            : answer;
        } catch (error) {
          fault(error);
          throw error;
        }
      };
    },
  });
}

export interface NoticeSendersDeps {
  log: Logger;
  portalUrl?: string | null | undefined;
}

/**
 * Delivers each topic's notices with the notifier that renders it (lambdas/kernel/outbox.ts NoticeTopic), its
 * reads fault-tracked and its mailer the consumer's once-per-recipient one. The stores are made once and
 * shared by every message of an invocation.
 */
export function templateNoticeSenders(deps: NoticeSendersDeps): NoticeSenders {
  let stores:
    | {
        templates: ReturnType<typeof dynamoEmailTemplates>;
        customers: ReturnType<typeof dynamoCustomersRepository>;
        users: ReturnType<typeof dynamoUsersRepository>;
        lenses: ReturnType<typeof dynamoLensCatalogue>;
      }
    | undefined;
  const made = () =>
    (stores ??= {
      templates: dynamoEmailTemplates(),
      customers: dynamoCustomersRepository(),
      users: dynamoUsersRepository(),
      lenses: dynamoLensCatalogue(),
    });

  return async (message: OutboxMessage, channel: DeliveryChannel) => {
    // A composed email needs no store: sent before any is made, so it goes out where the stores cannot be read.
    if (message.topic === 'email') return sendStoredEmail(message.notice as unknown as StoredEmail, channel.mailer);
    const track = <T extends object>(port: T) => faultTracked(port, channel.fault);
    const common = {
      mailer: channel.mailer,
      templates: track(made().templates),
      log: deps.log.child({ messageId: message.messageId, topic: message.topic }),
      ...(deps.portalUrl !== undefined ? { portalUrl: deps.portalUrl } : {}),
    };
    switch (message.topic) {
      case 'order': {
        const notice = message.notice as unknown as OrderNotice;
        const orderer = notice.practiceUserId ? await made().users.get(notice.practiceUserId) : null;
        await templateOrderNotifier({ ...common, customers: track(made().customers) }).notify(
          notice.kind,
          notice.order,
          orderer?.email ?? null,
          notice.parcelId,
        );
        return;
      }
      case 'money':
        await templateMoneyNotifier({
          ...common,
          customers: track(made().customers),
          users: track(made().users),
        }).notify(message.notice as unknown as MoneyEmail);
        return;
      case 'consult':
        await templateConsultNotifier({
          ...common,
          customers: track(made().customers),
          users: track(made().users),
          lenses: track(made().lenses),
        }).notify(message.notice as unknown as ConsultEmail);
        return;
    }
  };
}
