/**
 * How the local stand-ins for third-party services (the fake card gateway, the fake carrier) post their signed
 * events to the portal's webhook routes: a few quick tries where the real services retry for days, each try signed
 * afresh (a retry is not a replay), every failure logged until the service closes, and `idle()` for tests.
 */
export interface SignedWebhooksOptions {
  /** The service's name in log lines ("fake gateway"). */
  service: string;
  /** Tries per event. */
  attempts: number;
  log: (message: string) => void;
}

export interface WebhookPost {
  url: string;
  /** The body, exactly as signed. */
  payload: string;
  /** One try's headers (content type and signature), made for each try. */
  headers: () => Record<string, string>;
  /** What the log names it by: the event's kind and id. */
  label: string;
}

export interface SignedWebhooks {
  /** Posts one event after `after` settles (so one subject's events arrive in order); resolves when it is done. */
  send(post: WebhookPost, after?: Promise<void>): Promise<void>;
  /** Resolves once every delivery started so far has finished. */
  idle(): Promise<void>;
  /** No more tries, nor logs of the failures that closing causes. */
  close(): void;
}

export function signedWebhooks(options: SignedWebhooksOptions): SignedWebhooks {
  const deliveries = new Set<Promise<void>>();
  let closed = false;

  async function deliver({ url, payload, headers, label }: WebhookPost): Promise<void> {
    for (let attempt = 1; attempt <= options.attempts && !closed; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: headers(),
          body: payload,
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        if (!closed) options.log(`${options.service}: webhook ${label} answered ${response.status}`);
      } catch (error) {
        if (!closed) options.log(`${options.service}: webhook ${label} failed: ${(error as Error).message}`);
      }
      if (attempt < options.attempts) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  return {
    send(post, after = Promise.resolve()) {
      const delivery: Promise<void> = after.then(() => deliver(post)).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
      return delivery;
    },
    idle: async () => {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
    close: () => {
      closed = true;
    },
  };
}
