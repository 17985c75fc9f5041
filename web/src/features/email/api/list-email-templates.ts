import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { emailTemplateKeys } from './query-keys';

/** Every email's template (saved, or the built-in text at version 0). */
export const listEmailTemplates = () => callRoute('listEmailTemplates', {});

export const useEmailTemplates = () => useQuery({ queryKey: emailTemplateKeys.list(), queryFn: listEmailTemplates });
