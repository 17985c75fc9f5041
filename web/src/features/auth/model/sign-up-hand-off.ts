/**
 * The password a new user typed on the sign-up form, held in this page's memory until the emailed code is
 * confirmed, so the portal can sign them in at once instead of asking for the password again. Memory only:
 * never storage, gone on reload (the user then signs in as before), and taken once. Only the email it was
 * typed for can take it.
 */
let held: { email: string; password: string } | null = null;

const normalised = (email: string) => email.trim().toLowerCase();

export function holdSignUpPassword(email: string, password: string): void {
  held = { email: normalised(email), password };
}

export function takeSignUpPassword(email: string): string | null {
  const password = held && held.email === normalised(email) ? held.password : null;
  held = null;
  return password;
}
