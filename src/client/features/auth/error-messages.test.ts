import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.js";
import { loginErrorMessage, registrationErrorMessage } from "./error-messages.js";

const server = (message: string, status = 400) => new ApiError(message, status, message);
const bare = (status: number) => new ApiError(`Request failed with status ${status}`, status);

describe("loginErrorMessage", () => {
  it("shows the server's message", () => {
    expect(loginErrorMessage(server("Invalid email or password.", 401))).toBe("Invalid email or password.");
    expect(loginErrorMessage(server("This account has been deactivated. Contact support to reactivate it.", 403))).toBe(
      "This account has been deactivated. Contact support to reactivate it.",
    );
  });

  it("says 'Login failed' when the server gave no message", () => {
    expect(loginErrorMessage(bare(502))).toBe("Login failed");
    expect(loginErrorMessage(server("   ", 500))).toBe("Login failed");
  });

  it("falls back to the generic text when there was no answer", () => {
    expect(loginErrorMessage(new TypeError("Failed to fetch"))).toBe("Login failed. Please try again.");
    expect(loginErrorMessage(undefined)).toBe("Login failed. Please try again.");
  });
});

describe("registrationErrorMessage", () => {
  it("points an existing e-mail to logging in", () => {
    expect(registrationErrorMessage(server("Email already in use", 409))).toBe(
      "This email is already registered. Please try logging in instead.",
    );
  });

  it("rewords a display name problem", () => {
    expect(registrationErrorMessage(server("Invalid display name"))).toBe(
      "Please provide a valid display name that isn't empty.",
    );
    expect(registrationErrorMessage(server("Display Name must not be blank"))).toBe(
      "Please provide a valid display name that isn't empty.",
    );
  });

  it("prefixes other messages about the name", () => {
    expect(registrationErrorMessage(server("Name is required"))).toBe(
      "Please check your display name: Name is required",
    );
    expect(registrationErrorMessage(server("displayName: Too long"))).toBe(
      "Please check your display name: displayName: Too long",
    );
  });

  it("passes other server messages through", () => {
    const rule = "Password must contain an uppercase letter, a lowercase letter and a number.";
    expect(registrationErrorMessage(server(rule))).toBe(rule);
    expect(registrationErrorMessage(server("Too many requests. Please wait 30 seconds and try again.", 429))).toBe(
      "Too many requests. Please wait 30 seconds and try again.",
    );
  });

  it("falls back when there is no server message", () => {
    expect(registrationErrorMessage(bare(500))).toBe("Registration failed. Please try again.");
    expect(registrationErrorMessage(new TypeError("Failed to fetch"))).toBe("Registration failed. Please try again.");
  });
});
