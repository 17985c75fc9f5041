import { lookup } from 'node:dns/promises';
import { isInternalAddress } from '../../core/rules/webhook-urls';
import type { WebhookPoster } from '../ports/webhook-poster';
import { signWithSecrets } from './webhook-signature';

/** A receiver answers within this or the try fails (and is retried): a slow receiver must not hold the sweep. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The headers every outgoing webhook carries; receivers read the event's id to ignore one they have. */
export const WEBHOOK_HEADERS = {
  signature: 'Lenslab-Signature',
  eventId: 'Lenslab-Event-Id',
  eventType: 'Lenslab-Event-Type',
} as const;

export interface HttpWebhookPosterOptions {
  /**
   * The local stack, where receivers are on loopback. Elsewhere every address the host resolves to is checked
   * and an internal one refused before the call, so a public name pointed at 169.254.169.254 reaches nothing.
   */
  local: boolean;
  resolve?: (host: string) => Promise<string[]>;
}

const resolveAll = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Posts with `fetch`, once per try (the outbox's backoff is the retry), never following a redirect. The check
 * of the resolved addresses leaves a window (the name may resolve again differently for the call itself); the
 * decision records it and the functions run outside any VPC, so what stays reachable is the metadata address,
 * which a Lambda does not serve.
 */
export function httpWebhookPoster(options: HttpWebhookPosterOptions): WebhookPoster {
  const resolve = options.resolve ?? resolveAll;
  return {
    async post({ url, body, eventId, eventType, secrets, timestamp }) {
      if (!options.local) {
        const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
        let addresses: string[];
        try {
          addresses = await resolve(host);
        } catch {
          return { error: `The host ${host} could not be resolved` };
        }
        if (addresses.length === 0 || addresses.some(isInternalAddress))
          return { error: `The host ${host} resolves to an internal address` };
      }
      try {
        const response = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Lenslab-Webhooks/1',
            [WEBHOOK_HEADERS.signature]: signWithSecrets(body, secrets, timestamp),
            [WEBHOOK_HEADERS.eventId]: eventId,
            [WEBHOOK_HEADERS.eventType]: eventType,
          },
          body,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status };
      } catch (error) {
        return { error: error instanceof Error && error.name === 'TimeoutError' ? 'No answer in time' : 'No answer' };
      }
    },
  };
}

/** Whether this function runs in the local stack (STAGE 'local'), where loopback receivers are allowed. */
export const isLocalStage = (env: NodeJS.ProcessEnv = process.env) => env.STAGE === 'local';
