import { z } from "zod/mini";
import { SET_PASSWORD_TEXTS } from "../../../shared/auth-texts.js";
import { isEmailAddress } from "../../../shared/email-address.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../shared/password-rules.js";

/**
 * The login and registration forms' rules, in zod/mini: the server's schemas in
 * src/shared/schemas/auth.ts use classic zod, and classic zod anywhere in the client grows the zod
 * core the entry chunk already carries for consent by about 10 KB gzip (docs/decisions/0006).
 * auth-form-schemas.test.ts holds these to the server's schemas, messages included. Registration
 * leaves out the server's upper/lower/digit rule: the client asks for 8 characters only and hints
 * at the rest.
 */

export { PASSWORD_MIN_LENGTH };

// The server's address rule itself (src/shared/email-address.ts), not zod's own e-mail pattern.
const email = z.string({ error: "Email is required" }).check(z.trim(), z.refine(isEmailAddress, "Email is required"));

export const loginFormSchema = z.strictObject({
  email,
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required")),
});

/** "Forgot password?": the address only. */
export const forgotPasswordFormSchema = z.strictObject({ email });

export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

export const registerFormSchema = z.strictObject({
  displayName: z
    .string({ error: "Name is required" })
    .check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(100, "Name must be at most 100 characters")),
  email,
  password: z
    .string({ error: "Password is required" })
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
      z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    ),
});

/**
 * The set-password page: the registration form's length rules (the server adds the upper/lower/
 * digit rule) and a confirmation that must match.
 */
export const setPasswordFormSchema = z
  .strictObject({
    password: z
      .string({ error: "Password is required" })
      .check(
        z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
        z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
      ),
    confirmPassword: z.string({ error: SET_PASSWORD_TEXTS.passwordsDoNotMatch }),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      message: SET_PASSWORD_TEXTS.passwordsDoNotMatch,
      path: ["confirmPassword"],
      // Compare even while the password itself is still too short: the mismatch shows as soon as
      // the confirmation field is left.
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
        return typeof value?.password === "string" && typeof value.confirmPassword === "string";
      },
    }),
  );

export type SetPasswordFormValues = z.infer<typeof setPasswordFormSchema>;
