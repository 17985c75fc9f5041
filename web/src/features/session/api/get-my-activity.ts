import { callRoute } from '../../../lib/api-client';

/** spec 4: the stored activity record, checked on start-up and when the tab becomes visible. */
export const getMyActivity = async () => (await callRoute('getMyActivity', {})).activity;
