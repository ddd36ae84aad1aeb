import { describe, expect, it } from "vitest";
import {
  changePasswordRequestSchema,
  confirmPasswordRequestSchema,
  CONFIRMATION_CODE_LENGTH as SERVER_CODE_LENGTH,
  updateProfileRequestSchema,
} from "../../../shared/schemas/account.js";
import {
  CONFIRMATION_CODE_LENGTH,
  changePasswordFormSchema,
  confirmPasswordFormSchema,
  updateProfileFormSchema,
} from "./account-form-schemas.js";

type Issue = { path: PropertyKey[]; message: string };

/** Outcome in a comparable form: the parsed value, or each field's first message. */
function outcome(result: { success: boolean; data?: unknown; error?: { issues: Issue[] } }) {
  if (result.success) return { ok: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0] ?? "")] ??= issue.message;
  return { errors: messages };
}

const PROFILE_CASES = [
  { displayName: "Ada Lovelace", email: "ada@example.com", password: "x" },
  { displayName: "  Ada ", email: " ada@example.com ", password: "secret" },
  { displayName: "", email: "", password: "" },
  { displayName: " A ", email: "ada@", password: "secret" },
  { displayName: "x".repeat(101), email: "ada@example.com", password: "secret" },
  { displayName: "Ada", email: "ada@example.com", password: "secret", extra: true },
  // An account without a password: a code, or nothing after a recent sign-in.
  { displayName: "Ada", email: "ada@example.com", code: "123456" },
  { displayName: "Ada", email: "ada@example.com", code: "12345" },
  { displayName: "Ada", email: "ada@example.com", code: "" },
  { displayName: "Ada", email: "ada@example.com" },
];

const CHANGE_PASSWORD_CASES = [
  { currentPassword: "old", newPassword: "NewSecret1", confirmNewPassword: "NewSecret1" },
  { currentPassword: "", newPassword: "", confirmNewPassword: "" },
  { currentPassword: "old", newPassword: "short", confirmNewPassword: "short" },
  { currentPassword: "old", newPassword: "NewSecret1", confirmNewPassword: "NewSecret2" },
  { currentPassword: "old", newPassword: "x".repeat(257), confirmNewPassword: "x".repeat(257) },
  { newPassword: "NewSecret1", confirmNewPassword: "NewSecret1" },
  { code: "000123", newPassword: "NewSecret1", confirmNewPassword: "NewSecret1" },
  { code: "abcdef", newPassword: "NewSecret1", confirmNewPassword: "NewSecret1" },
];

it("has the server's code length", () => {
  expect(CONFIRMATION_CODE_LENGTH).toBe(SERVER_CODE_LENGTH);
});

describe("the update-profile form's schema", () => {
  it.each(PROFILE_CASES)("agrees with the server's: %j", (values) => {
    expect(outcome(updateProfileFormSchema.safeParse(values))).toEqual(
      outcome(updateProfileRequestSchema.safeParse(values)),
    );
  });
});

describe("the change-password form's schema", () => {
  it.each(CHANGE_PASSWORD_CASES)("agrees with the server's: %j", (values) => {
    expect(outcome(changePasswordFormSchema.safeParse(values))).toEqual(
      outcome(changePasswordRequestSchema.safeParse(values)),
    );
  });

  it("reports a mismatch even while the current password is still missing", () => {
    const values = { currentPassword: "", newPassword: "NewSecret1", confirmNewPassword: "Other" };
    expect(outcome(changePasswordFormSchema.safeParse(values))).toEqual({
      errors: { currentPassword: "Current password is required.", confirmNewPassword: "New passwords do not match." },
    });
  });
});

describe("the confirm-password form's schema", () => {
  it.each([{ password: "secret" }, { password: "" }, {}, { code: "123456" }, { code: "1234567" }, { code: 123456 }])(
    "agrees with the server's: %j",
    (values) => {
      expect(outcome(confirmPasswordFormSchema.safeParse(values))).toEqual(
        outcome(confirmPasswordRequestSchema.safeParse(values)),
      );
    },
  );
});
