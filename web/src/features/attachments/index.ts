export {
  OrderAttachments,
  formatFileSize,
  toOrderAttachments,
  type OrderAttachment,
  type OrderAttachmentsProps,
} from './components/order-attachments';
export { uploadOrderFile, contentTypeFor } from './api/upload-order-file';
export { useOrderFiles, listOrderFiles } from './api/list-order-files';
export { useDeleteOrderFile, deleteOrderFile } from './api/delete-order-file';
export { useDownloadOrderFile, getDownloadUrl } from './api/generate-download-url';
export {
  AttachmentError,
  UPLOAD_URL_FAILED,
  DELETE_FAILED,
  DOWNLOAD_URL_FAILED,
  ATTACH_FAILED,
  uploadFailedMessage,
} from './api/attachment-errors';
