import { callRoute, type RouteInput } from '../../../lib/api-client';

/** The editor's text rendered by the server with sample values (the same renderer real emails use). */
export const previewEmailTemplate = (input: RouteInput<'previewEmailTemplate'>) =>
  callRoute('previewEmailTemplate', input);
