/**
 * The length limits an e-mail address must obey (RFC 5321 as corrected by RFC 3696 errata): the
 * whole address at most 254 characters, the local part at most 64, each domain label at most 63.
 * A longer address cannot be delivered, so accepting one would create an account nobody can reach.
 * Zod-free, so the client's forms can apply the same rule without pulling in classic zod.
 */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_LABEL_MAX_LENGTH = 63;

export function emailWithinLimits(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf("@");
  if (at < 1 || at > EMAIL_LOCAL_MAX_LENGTH) return false;
  return email
    .slice(at + 1)
    .split(".")
    .every((label) => label.length > 0 && label.length <= EMAIL_LABEL_MAX_LENGTH);
}
