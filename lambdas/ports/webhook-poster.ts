/** What a receiver answered: its status, or no answer at all (`error`: timeout, refused address, no route). */
export type WebhookPostResult = { status: number } | { error: string };

/** One try of one delivery: the body exactly as stored, signed with each secret that signs now. */
export interface WebhookPost {
  url: string;
  body: string;
  eventId: string;
  eventType: string;
  /** The current secret first, then one rotated out that still signs: one `v1=` each. */
  secrets: string[];
  /** Unix seconds the signature carries (`t=`): the receiver refuses an old one as a replay. */
  timestamp: number;
}

/**
 * Posts one signed webhook (header `Lenslab-Signature: t=...,v1=...[,v1=...]`, Stripe's scheme:
 * lambdas/adapters/webhook-signature.ts). Never follows a redirect (a 3xx is an answer, not an acknowledgement)
 * and, in AWS, never reaches an internal address, whatever the URL's host resolves to.
 */
export interface WebhookPoster {
  post(post: WebhookPost): Promise<WebhookPostResult>;
}
