import { ACCOUNT_TEXTS } from "../../../shared/account-texts.js";
import { appConfig } from "../../lib/app-config.js";

/** The provider the person signs in with, as the texts name it. */
export function providerName(): string {
  return appConfig().signInProviders.includes("google") ? "Google" : "the demo sign-in";
}

/** "10:42 AM": when a recent sign-in stops confirming changes, in the person's time. */
export function clockTime(date: Date): string {
  return date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

/** The sentence that tells which confirmation applies to this session. */
export function confirmationSentence(
  kind: "password" | "recent_sign_in" | "email_code",
  recentSignInUntil: Date | null,
  email: string,
): string {
  if (kind === "password") return ACCOUNT_TEXTS.confirmationPassword;
  if (kind === "recent_sign_in" && recentSignInUntil) {
    return ACCOUNT_TEXTS.confirmationRecent(providerName(), clockTime(recentSignInUntil));
  }
  return ACCOUNT_TEXTS.confirmationCode(email);
}
