/**
 * A practice form naming someone else's practice (Brightview, BV-1001) to take it over: the approval must ask
 * for a separate confirmation, in the use case and in the lab's approve dialog alike.
 */
export const TAKEOVER_FORM = {
  practiceName: 'Totally Brightview',
  contactName: 'Mallory',
  email: 'mallory@evil.test',
  phone: '(503) 555-0199',
  address: { address: '9 Dark Alley', city: 'Portland', state: 'OR', zip: '97201' },
  stateLicenseNumber: 'OR-666',
  buyingGroupId: 'vision-source',
};
