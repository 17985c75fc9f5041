/**
 * The messages users read that more than one place needs: the server sends them and the web app shows or
 * checks for them, or several pages say the same thing. Each has one home here, so a wording changes once
 * and the two sides cannot drift. Messages carried over from the old portal are marked `spec N` (the section
 * of docs/requirements.md); keep their text word for word. A message only one place uses stays there.
 */

/**
 * A write on a version someone else replaced after the user read it (409 aborted). The page keeps what was
 * typed and offers to reload, so every message says what changed and what to do.
 */
export const CHANGED_MESSAGES = {
  order: 'This order changed since you opened it. Reload to see the latest.',
  invoice: 'This invoice changed since you opened it. Reload to see the latest.',
  /** Paying several invoices at once, when the balance of one moved (someone else paid). */
  invoices: 'Some invoices changed since you opened them. Reload to see the latest.',
  claim: 'This claim changed since you opened it. Reload to see the latest.',
  consult: 'This consult changed since you opened it. Reload to see the latest.',
  consultantSettings: 'The consultant settings changed since you opened them. Reload to see the latest.',
  productionSettings: 'The production settings changed since you opened them. Reload to see the latest.',
  lensDesign: 'This lens design changed since you opened it. Reload to see the latest.',
  emailTemplate: 'This email template changed since you opened it. Reload to see the latest.',
  labRecipients: 'The lab recipients changed since you opened them. Reload to see the latest.',
  /** spec: the practice record's optimistic lock. */
  practice: 'This practice changed since you opened it. Reload to see the latest.',
  user: 'This user changed since you opened it. Reload to see the latest.',
  buyingGroup: 'This buying group changed since you opened it. Reload to see the latest.',
  /** The user's own notification choices: the other edit was most likely their own, in another tab. */
  notificationPreferences:
    'Your notification choices changed since you opened them (maybe in another tab). Reload to see the latest, then save again.',
  /** The user's own profile: the other edit was most likely their own, in another tab. */
  profile:
    'Your profile changed since you opened it (maybe in another tab). Reload to see the latest, then save again.',
} as const;

/** What forms and filters say about their input as a whole. */
export const FORM_MESSAGES = {
  /** The server's summary of a 400 whose field errors are listed per field. */
  invalidFields: 'Some fields are not valid',
  /** The browser's summary when its own check of the form found field errors. */
  correctMarkedFields: 'Please correct the marked fields.',
  unsavedChanges: 'You have unsaved changes.',
  requestNotSent: 'Your request could not be sent. Please try again.',
  startAfterEnd: 'The start date is after the end date.',
  invalidAccountNumber: 'Not a valid account number',
  invalidEmail: 'Enter a valid email address',
} as const;

/**
 * Field messages a web form checks before its schema can (a typed text that is not yet a number) and the
 * core schema checks again on the server, so the user reads the same words from either.
 */
export const FIELD_MESSAGES = {
  quantityWhole: 'Quantity is a whole number',
  exchangeFeeMax: 'Exchange fee is at most $1,000.00',
  paymentTermsWhole: 'Payment terms are whole days',
  diameterNumber: 'Diameter is a number of millimetres',
  /** Also the answer for a buying group that is not on the list listBuyingGroups gives. */
  chooseBuyingGroup: 'Choose a buying group from the list',
} as const;

/** The titles of the "could not be loaded, try again" panels that more than one page shows. */
export const LOAD_MESSAGES = {
  invoices: 'The invoices could not be loaded',
  invoice: 'The invoice could not be loaded',
  consults: 'The consults could not be loaded',
  consult: 'The consult could not be loaded',
} as const;

/** Passwords, codes and account creation (sign-up, lab users, password changes). */
export const ACCOUNT_MESSAGES = {
  /** spec 8 */
  createUserFailed: 'Failed to create user account',
  passwordPolicy: 'Password does not meet the requirements.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  enterEmailAndPassword: 'Enter your email and password.',
  enterEmailCode: 'Enter the 6-digit code from the email.',
} as const;

/** Lens designs named in orders and in the lab's consult answers. */
export const LENS_MESSAGES = {
  designNotAvailable: 'This lens design is not available. Choose another design.',
  parametersNotValid: 'Some lens parameters are not valid. Check the marked fields.',
  designNotSaved: 'The lens design could not be saved.',
} as const;

/** The card step of Pay Online, whichever gateway form is shown. */
export const CARD_MESSAGES = {
  notCharged: 'The card could not be charged. Please try again.',
  notSent: 'The card could not be sent. Check your connection and try again.',
} as const;

/** Warranty claims the lab decides. */
export const CLAIM_MESSAGES = {
  /** The claim's write kept losing to other writes; nothing was changed. */
  notSaved: 'The claim could not be saved just now. Please try again.',
} as const;

/** How a session ends (docs/decisions/0019-sign-out-per-device.md): the server's 401, and what the sign-in page says. */
export const SESSION_MESSAGES = {
  /** A revoked session (Log Out on that device, Sign out everywhere, a user change). */
  ended: 'Your session has ended. Please sign in again.',
  /** Shown on the sign-in page when an answer ended the session. */
  endedByServer: 'You were signed out because your session ended (signed out elsewhere, or your account changed).',
  /** The session check after a sign-in was refused: the server's reason follows. */
  signInRefused: 'We could not sign you in.',
  everywhereFailed: 'We could not sign you out on your other devices. Please try again.',
} as const;
