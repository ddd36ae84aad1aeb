/**
 * The password rule, zod-free so that the client's forms and the server's contracts read the same
 * numbers: 8 to 256 characters, with an upper-case letter, a lower-case letter and a digit. The
 * forms ask for the length and hint at the rest; the server enforces all of it.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RULE_MESSAGE = "Password must contain an uppercase letter, a lowercase letter and a number.";

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password)
  );
}
