import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN, CUSTOMER_OR_ADMIN } from './access-groups';
import {
  createLensDesignInputSchema,
  lensDesignSchema,
  listLensDesignsInputSchema,
  listLensDesignsOutputSchema,
  updateLensDesignInputSchema,
} from '../schemas/lenses';

/** The lens catalogue (Lens Management; the order form reads it). */
export const lensRoutes = defineRoutes('lenses', {
  listLensDesigns: {
    input: listLensDesignsInputSchema,
    output: listLensDesignsOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    // users + customers: a price shows only for an account of the caller whose pricingAllowed is true.
    resources: { tables: { lenses: 'read', users: 'read', customers: 'read' } },
  },
  createLensDesign: {
    input: createLensDesignInputSchema,
    output: lensDesignSchema,
    access: SUPER_ADMIN,
    resources: { tables: { lenses: 'readWrite' } },
  },
  updateLensDesign: {
    input: updateLensDesignInputSchema,
    output: lensDesignSchema,
    access: SUPER_ADMIN,
    resources: { tables: { lenses: 'readWrite' } },
  },
});
