import type { OrderFile } from '../../../../../core/schemas/attachments';
import { callRoute } from '../../../lib/api-client';

/**
 * The routes one owner's files go through: an order's or a consult's. Everything else (the allowlist and
 * limits checked before asking, the progress bars, the error texts) is the same for both.
 */
export interface AttachmentTarget {
  /** What the files belong to, as the texts name it. */
  readonly noun: 'order' | 'consult';
  /** The owner's id: with `noun`, the query key of its file list. */
  readonly id: string;
  list(): Promise<OrderFile[]>;
  uploadUrl(file: { filename: string; contentType: string; size: number }): Promise<{ url: string; key: string }>;
  /** Attaches an upload once it arrived (the server reads its first bytes first). */
  confirm(filename: string): Promise<unknown>;
  downloadUrl(filename: string): Promise<string>;
  remove(filename: string): Promise<{ success: boolean }>;
}

/** An order's files (spec 7 routes generateUploadUrl, confirmOrderFile, listOrderFiles, ...). */
export const orderFilesTarget = (orderId: string): AttachmentTarget => ({
  noun: 'order',
  id: orderId,
  list: async () => (await callRoute('listOrderFiles', { orderId })).files,
  uploadUrl: (file) => callRoute('generateUploadUrl', { orderId, ...file }),
  confirm: (filename) => callRoute('confirmOrderFile', { orderId, filename }),
  downloadUrl: async (filename) => (await callRoute('generateDownloadUrl', { orderId, filename })).url,
  remove: (filename) => callRoute('deleteOrderFile', { orderId, filename }),
});

/** A consult's files: the practice's photos, OCT and topography, under the order attachment rules. */
export const consultFilesTarget = (consultId: string): AttachmentTarget => ({
  noun: 'consult',
  id: consultId,
  list: async () => (await callRoute('listConsultFiles', { consultId })).files,
  uploadUrl: (file) => callRoute('generateConsultUploadUrl', { consultId, ...file }),
  confirm: (filename) => callRoute('confirmConsultFile', { consultId, filename }),
  downloadUrl: async (filename) => (await callRoute('generateConsultDownloadUrl', { consultId, filename })).url,
  remove: (filename) => callRoute('deleteConsultFile', { consultId, filename }),
});
