import { callRoute } from '../../../lib/api-client';

/** Ends every session of the caller server-side (route signOut), so a copied token stops working at once. */
export const signOutEverywhere = () => callRoute('signOut', {});
