import { describe, expect, it } from "vitest";
import { RESET_PASSWORD_TEXTS, SET_PASSWORD_TEXTS } from "../../../shared/auth-texts.js";
import {
  loginRequestSchema,
  PASSWORD_RESET_REQUESTED,
  RESET_PASSWORD_LINK_INVALID,
  registerRequestSchema,
  requestPasswordResetSchema,
  PASSWORD_MIN_LENGTH as SERVER_PASSWORD_MIN_LENGTH,
} from "../../../shared/schemas/auth.js";
import { SET_PASSWORD_LINK_INVALID, setPasswordRequestSchema } from "../../../shared/schemas/billing.js";
import {
  forgotPasswordFormSchema,
  loginFormSchema,
  PASSWORD_MIN_LENGTH,
  registerFormSchema,
  setPasswordFormSchema,
} from "./auth-form-schemas.js";

type Issue = { path: PropertyKey[]; message: string };

/** Outcome in a comparable form: the parsed value, or each field's first message. */
function outcome(result: { success: boolean; data?: unknown; error?: { issues: Issue[] } }) {
  if (result.success) return { ok: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0] ?? "")] ??= issue.message;
  return { errors: messages };
}

const LOGIN_CASES = [
  { email: "ada@example.com", password: "x" },
  { email: "  ada@example.com ", password: "secret" },
  { email: "", password: "" },
  { email: "not-an-email", password: "secret" },
  { email: "ada@example.com", password: "" },
  { email: "ada@example.com", password: "secret", extra: 1 },
];

const REGISTER_CASES = [
  { displayName: "Ada 🚀 & Co.", email: "ada@example.com", password: "Sup3rSecret" },
  { displayName: "  Ada ", email: " ada@example.com ", password: "Sup3rSecret" },
  { displayName: "", email: "", password: "" },
  { displayName: "   ", email: "ada@", password: "Short1" },
  { displayName: "x".repeat(101), email: "ada@example.com", password: "Sup3rSecret" },
  { displayName: "Ada", email: "ada@example.com", password: `A1${"a".repeat(255)}` },
];

describe("the login form's schema", () => {
  it.each(LOGIN_CASES)("agrees with the server's: %j", (values) => {
    expect(outcome(loginFormSchema.safeParse(values))).toEqual(outcome(loginRequestSchema.safeParse(values)));
  });
});

describe("the registration form's schema", () => {
  it("uses the server's minimum length", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(SERVER_PASSWORD_MIN_LENGTH);
  });

  it.each(REGISTER_CASES)("agrees with the server's: %j", (values) => {
    expect(outcome(registerFormSchema.safeParse(values))).toEqual(outcome(registerRequestSchema.safeParse(values)));
  });

  it("leaves the upper/lower/digit rule to the server", () => {
    const values = { displayName: "Ada", email: "ada@example.com", password: "alllowercase1" };
    expect(registerFormSchema.safeParse(values).success).toBe(true);
    expect(registerRequestSchema.safeParse(values).success).toBe(false);
  });

  it("shows the page's messages for empty fields", () => {
    expect(outcome(registerFormSchema.safeParse({ displayName: "", email: "", password: "" }))).toEqual({
      errors: {
        displayName: "Name is required",
        email: "Email is required",
        password: "Password must be at least 8 characters",
      },
    });
  });
});

describe("the set-password form's schema", () => {
  const TOKEN = "A".repeat(43);

  it.each(["Sup3rSecret", "", "Short1", `A1${"a".repeat(255)}`])(
    "judges the password %j as the server does, but for the upper/lower/digit rule",
    (password) => {
      const client = outcome(setPasswordFormSchema.safeParse({ password, confirmPassword: password }));
      const server = outcome(setPasswordRequestSchema.safeParse({ token: TOKEN, password }));
      expect(client).toEqual("ok" in server ? { ok: { password, confirmPassword: password } } : server);
    },
  );

  it("leaves the upper/lower/digit rule to the server", () => {
    expect(
      setPasswordFormSchema.safeParse({ password: "alllowercase1", confirmPassword: "alllowercase1" }).success,
    ).toBe(true);
    expect(setPasswordRequestSchema.safeParse({ token: TOKEN, password: "alllowercase1" }).success).toBe(false);
  });

  it("asks for a matching confirmation, even while the password is too short", () => {
    expect(
      outcome(setPasswordFormSchema.safeParse({ password: "Sup3rSecret", confirmPassword: "Sup3rSecreT" })),
    ).toEqual({
      errors: { confirmPassword: "Passwords do not match" },
    });
    expect(outcome(setPasswordFormSchema.safeParse({ password: "Short1", confirmPassword: "" }))).toEqual({
      errors: { password: "Password must be at least 8 characters", confirmPassword: "Passwords do not match" },
    });
  });

  it("shows the server's invalid-link message when the page has no token", () => {
    expect(SET_PASSWORD_TEXTS.linkInvalid).toBe(SET_PASSWORD_LINK_INVALID);
  });
});

describe("the forgot-password form's schema", () => {
  it.each([{ email: "ada@example.com" }, { email: " ada@example.com " }, { email: "" }, { email: "ada@" }, {}])(
    "agrees with the server's: %j",
    (values) => {
      expect(outcome(forgotPasswordFormSchema.safeParse(values))).toEqual(
        outcome(requestPasswordResetSchema.safeParse(values)),
      );
    },
  );

  it("shows the server's words for a sent link and for a link that no longer works", () => {
    expect(RESET_PASSWORD_TEXTS.sent).toBe(PASSWORD_RESET_REQUESTED);
    expect(RESET_PASSWORD_TEXTS.linkInvalid).toBe(RESET_PASSWORD_LINK_INVALID);
  });
});
