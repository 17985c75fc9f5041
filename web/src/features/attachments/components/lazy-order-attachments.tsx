import { lazy } from 'react';

/** The order's files, loaded after the order form's first paint (their upload checks bring zod). */
export const LazyOrderAttachments = lazy(() =>
  import('./order-attachments').then((m) => ({ default: m.OrderAttachments })),
);
