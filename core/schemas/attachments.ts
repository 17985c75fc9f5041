import { lazySchema } from './lazy-schema';
import * as z from '../zod';

/**
 * Order attachments (spec 3, 5, 7): topography exports, OCT images, photos, short videos and documents,
 * stored under `orders/{orderId}/{safe file name}`; a consult's files follow the same rules under
 * `consults/{consultId}/`. One list of what is allowed, used by the upload button (before it asks) and by
 * the server (before it signs a URL).
 */
export const ATTACHMENT_LIMITS = {
  /** 50 MB: a Pentacam or OCT export or a short video fits; a whole exam archive does not. */
  maxBytes: 50 * 1024 * 1024,
  /** Per order, and per consult. */
  maxFiles: 10,
  /**
   * Presigned URLs live this long (short-lived). An upload URL obtained while the order's files
   * could change is refused at confirmation once they cannot (confirmOrderFile), whatever is left of it.
   */
  urlSeconds: 300,
} as const;

/** Content types accepted, with the extensions a file of that type may have. */
export const ALLOWED_ATTACHMENT_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/tiff': ['tif', 'tiff'],
  'image/bmp': ['bmp'],
  'image/webp': ['webp'],
  'application/dicom': ['dcm'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
  'application/xml': ['xml'],
  'application/zip': ['zip'],
  'video/mp4': ['mp4'],
  'video/quicktime': ['mov'],
};

/** The accept attribute of the file input. */
export const ATTACHMENT_ACCEPT = Object.entries(ALLOWED_ATTACHMENT_TYPES)
  .flatMap(([type, exts]) => [type, ...exts.map((e) => `.${e}`)])
  .join(',');

/** What the user reads when a file is refused for its type. */
export const ATTACHMENT_TYPE_MESSAGE =
  'This file type is not accepted. Attach PDF, JPEG, PNG, TIFF, BMP, WebP, DICOM, CSV, TXT, XML, ZIP, MP4 or MOV files.';
export const ATTACHMENT_SIZE_MESSAGE = 'This file is larger than 50 MB.';
/**
 * An order (or a consult: `noun`) already holding maxFiles files; the upload button and the server say the
 * same.
 */
export const attachmentCountMessage = (noun: string) =>
  `At most ${ATTACHMENT_LIMITS.maxFiles} files per ${noun}. Delete a file before adding another.`;
export const ATTACHMENT_COUNT_MESSAGE = attachmentCountMessage('order');

/**
 * A file name safe as the last part of an S3 key and in a Content-Disposition header: the base name only
 * (no folders), letters, digits, dot, dash, underscore and space; at most 120 characters; never empty,
 * never dot-only.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    // The accents NFKD splits off are dropped, so "topografía" keeps its letters ("topografia").
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w. -]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(-120);
  return /^[. _-]*$/.test(cleaned) ? 'file' : cleaned;
}

/** The extension of a file name, lower-case, without the dot. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file may not be attached, or undefined when it may. */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | undefined {
  const exts = ALLOWED_ATTACHMENT_TYPES[file.type];
  if (!exts || !exts.includes(extensionOf(file.name))) return ATTACHMENT_TYPE_MESSAGE;
  if (file.size > ATTACHMENT_LIMITS.maxBytes) return ATTACHMENT_SIZE_MESSAGE;
  if (file.size <= 0) return 'This file is empty.';
  return undefined;
}

/**
 * spec 5: "Attachments are valid only if they form an array whose entries all have a non-empty string
 * name; an empty array is valid."
 */
export function isValidAttachmentList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { name?: unknown }).name === 'string' &&
        (entry as { name: string }).name.length > 0,
    )
  );
}

/** The order's attachment list (spec 3 `attachments` {name, size, type}), checked by the spec 5 rule. */
export const attachmentListSchema = lazySchema(() =>
  z
    .array(
      z.strictObject({
        name: z.string().check(z.maxLength(200)),
        size: z.number().check(z.int(), z.nonnegative(), z.lte(ATTACHMENT_LIMITS.maxBytes, ATTACHMENT_SIZE_MESSAGE)),
        type: z.string().check(z.maxLength(100)),
      }),
    )
    .check(
      z.maxLength(ATTACHMENT_LIMITS.maxFiles, `At most ${ATTACHMENT_LIMITS.maxFiles} files per order`),
      z.refine(isValidAttachmentList, 'Every attachment needs a name'),
    ),
);

const orderIdField = lazySchema(() => z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'Not a valid order id')));
const fileNameField = lazySchema(() =>
  z
    .string({ error: 'File name is required' })
    .check(z.minLength(1, 'File name is required'), z.maxLength(255, 'File name is too long')),
);

/** spec 7 `generateUploadUrl { orderId, filename, contentType }`; `size` lets the server refuse a large file first. */
export const generateUploadUrlInputSchema = lazySchema(() =>
  z.strictObject({
    orderId: orderIdField,
    filename: fileNameField,
    contentType: z.string().check(z.maxLength(100)),
    // Any size up to a terabyte reaches the use case, which refuses a large file with ATTACHMENT_SIZE_MESSAGE.
    size: z.number().check(z.int(), z.nonnegative(), z.lte(1_000_000_000_000, ATTACHMENT_SIZE_MESSAGE)),
  }),
);
export const generateUploadUrlOutputSchema = lazySchema(() => z.object({ url: z.string(), key: z.string() }));
/** spec 7 `deleteOrderFile`, `generateDownloadUrl { orderId, filename }`. */
export const orderFileInputSchema = lazySchema(() =>
  z.strictObject({ orderId: orderIdField, filename: fileNameField }),
);
export const deleteOrderFileOutputSchema = lazySchema(() => z.object({ success: z.boolean() }));
export const generateDownloadUrlOutputSchema = lazySchema(() => z.object({ url: z.string() }));
/** spec 7 `listOrderFiles { orderId }` -> files (spec 3 "File listing entry"). */
export const listOrderFilesInputSchema = lazySchema(() => z.strictObject({ orderId: orderIdField }));
export const orderFileSchema = lazySchema(() =>
  z.object({
    filename: z.string(),
    size: z.number(),
    contentType: z.string(),
    lastModified: z.string(),
    /** A short-lived GET URL for images (inline preview); absent for other types (PDFs are always downloaded). */
    previewUrl: z.optional(z.string()),
  }),
);
export const listOrderFilesOutputSchema = lazySchema(() => z.object({ files: z.array(orderFileSchema) }));
export type OrderFile = z.infer<typeof orderFileSchema>;
/** confirmOrderFile { orderId, filename }: the upload, now attached. */
export const confirmOrderFileOutputSchema = lazySchema(() => z.object({ file: orderFileSchema }));
