import { useMemo } from 'react';
import type { OrderFile } from '../../../../../core/schemas/attachments';
import { orderFilesTarget } from '../api/attachment-target';
import { FileAttachments } from './file-attachments';

/** spec 3 order `attachments` entry, as the order form stores it. */
export interface OrderAttachment {
  name: string;
  size: number;
  type: string;
}

export interface OrderAttachmentsProps {
  /** The order must exist (a saved draft at least): the server checks the caller owns it. */
  orderId: string;
  /** Uploads and deletes allowed (the order form; the lab's detail view). */
  editable?: boolean;
  /** The stored files whenever the list changes, for the order's `attachments` field. */
  onChange?: (files: OrderAttachment[]) => void;
}

export const toOrderAttachments = (files: readonly OrderFile[]): OrderAttachment[] =>
  files.map((f) => ({ name: f.filename, size: f.size, type: f.contentType }));

/** An order's attachments (spec 3, 7), reported to the order form as its `attachments` field. */
export function OrderAttachments({ orderId, editable = false, onChange }: OrderAttachmentsProps) {
  const target = useMemo(() => orderFilesTarget(orderId), [orderId]);
  return (
    <FileAttachments
      target={target}
      editable={editable}
      onChange={onChange ? (files) => onChange(toOrderAttachments(files)) : undefined}
    />
  );
}
