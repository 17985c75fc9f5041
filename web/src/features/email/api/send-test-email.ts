import { callRoute, type RouteInput } from '../../../lib/api-client';

/** Sends the editor's text, filled with sample values, to one address. */
export const sendTestEmail = (input: RouteInput<'sendTestEmail'>) => callRoute('sendTestEmail', input);
