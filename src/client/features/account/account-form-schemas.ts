import { z } from "zod/mini";
import { isEmailAddress } from "../../../shared/email-address.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../shared/password-rules.js";

/** The e-mailed code's length (src/shared/schemas/account.ts has it too; the test holds them together). */
export const CONFIRMATION_CODE_LENGTH = 6;

/**
 * The account settings forms' rules, in zod/mini rather than the server's classic
 * zod schemas in src/shared/schemas/account.ts: classic zod in any client chunk grows the zod core
 * that the entry chunk carries (docs/decisions/0006). account-form-schemas.test.ts holds these to
 * the server's schemas, messages included.
 */

const CODE_MESSAGE = `Enter the ${CONFIRMATION_CODE_LENGTH}-digit code from the e-mail.`;
const codeSchema = z
  .string({ error: CODE_MESSAGE })
  .check(z.regex(new RegExp(`^[0-9]{${CONFIRMATION_CODE_LENGTH}}$`), CODE_MESSAGE));

/**
 * The password of an account with one, or the e-mailed code of one without; neither after a recent
 * sign-in through the provider. A form holds only the field its confirmation uses (the others are
 * left out of its default values, so they are never sent).
 */
function confirmationFields(passwordRequired: string) {
  return {
    password: z.optional(z.string({ error: passwordRequired }).check(z.minLength(1, passwordRequired))),
    code: z.optional(codeSchema),
  };
}

export const updateProfileFormSchema = z.strictObject({
  displayName: z
    .string({ error: "Display name must be at least 2 characters." })
    .check(
      z.trim(),
      z.minLength(2, "Display name must be at least 2 characters."),
      z.maxLength(100, "Display name must be at most 100 characters."),
    ),
  email: z
    .string({ error: "Please enter a valid email address." })
    .check(z.trim(), z.refine(isEmailAddress, "Please enter a valid email address.")),
  ...confirmationFields("Password is required to confirm changes."),
});

export type UpdateProfileValues = z.infer<typeof updateProfileFormSchema>;

export const changePasswordFormSchema = z
  .strictObject({
    currentPassword: z.optional(
      z.string({ error: "Current password is required." }).check(z.minLength(1, "Current password is required.")),
    ),
    code: z.optional(codeSchema),
    newPassword: z
      .string({ error: "New password must be at least 8 characters." })
      .check(
        z.minLength(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
        z.maxLength(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
      ),
    confirmNewPassword: z.string({ error: "New passwords do not match." }),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirmNewPassword, {
      message: "New passwords do not match.",
      path: ["confirmNewPassword"],
      // Unlike the server, compare even while another field is still wrong: the form shows the
      // mismatch as soon as the confirmation field is left, whatever the other fields hold.
      when: (payload) => {
        const value = payload.value as { newPassword?: unknown; confirmNewPassword?: unknown } | undefined;
        return typeof value?.newPassword === "string" && typeof value.confirmNewPassword === "string";
      },
    }),
  );

export type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>;

export const confirmPasswordFormSchema = z.strictObject(confirmationFields("Password is required."));

export type ConfirmPasswordValues = z.infer<typeof confirmPasswordFormSchema>;
