import { isCallableError } from '../../../lib/callable-error';

/** spec 8 error catalogue: the attachment messages, word for word. */
export const UPLOAD_URL_FAILED = 'Failed to get upload URL from server';
export const DELETE_FAILED = 'Failed to delete file from server';
export const DOWNLOAD_URL_FAILED = 'Failed to get download URL from server';
export const uploadFailedMessage = (code: number, text: string) => `Upload failed with status ${code}: ${text}`;
/** The file arrived but the server did not attach it (its contents do not fit its type, or the order or consult moved on). */
export const ATTACH_FAILED = 'The file could not be attached';

/**
 * A failed attachment step. `message` is the spec's text; `detail` is the server's own reason when it gave
 * one the user can act on (a 4xx such as "This file is larger than 50 MB."), shown after it.
 */
export class AttachmentError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'AttachmentError';
  }

  get userMessage(): string {
    return this.detail ? `${this.message}: ${this.detail}` : this.message;
  }
}

/** The server's message for 4xx answers (written for users); nothing for 5xx or network failures. */
export function serverReason(error: unknown): string | undefined {
  if (!isCallableError(error)) return undefined;
  return error.httpStatus >= 400 && error.httpStatus < 500 ? error.message : undefined;
}

/** What to show for any error of an attachment step. */
export const attachmentErrorText = (error: unknown, fallback: string) =>
  error instanceof AttachmentError ? error.userMessage : fallback;
