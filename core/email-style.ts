/**
 * The one inline style of every email (email clients keep inline styles best). The portal's CSP allows
 * exactly this text by its hash (infra/build-content-security-policy.ts): Email Management's preview
 * iframe inherits the portal's policy, which would otherwise drop it.
 */
export const EMAIL_BODY_STYLE = 'font-family: sans-serif; line-height: 1.5';
