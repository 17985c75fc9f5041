import { defineRoutes } from '../define-routes';
import { SIGNED_IN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import { getMyActivityOutputSchema, putActivityInputSchema, putActivityOutputSchema } from '../schemas/activity';

/** The caller's activity record, which the browser's session timers write and read (spec 4). */
export const activityRoutes = defineRoutes('activity', {
  putActivity: {
    input: putActivityInputSchema,
    output: putActivityOutputSchema,
    access: SIGNED_IN,
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    resources: { tables: { userActivity: 'write' } },
  },
  getMyActivity: {
    input: emptyInputSchema,
    output: getMyActivityOutputSchema,
    access: SIGNED_IN,
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    // The caller's own record: the browser's session timers read it to show their own 'session expired'.
    allowWhenIdle: true,
    resources: { tables: { userActivity: 'read' } },
  },
});
