import { AUTH_TEXTS } from "../../../../shared/auth-texts.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { useSessionQuery } from "../../../lib/use-session-query.js";

/** Auth state. */
export type AuthState =
  | { status: "loading" }
  | { status: "authenticated"; user: SessionUser }
  | { status: "unauthenticated"; error: string };

export function useSession(): AuthState {
  const session = useSessionQuery();
  if (session.isPending) return { status: "loading" };
  const user = session.data?.user;
  if (user) return { status: "authenticated", user };
  // The reason is kept for whoever needs it; a visitor simply sees the Login link.
  const error = session.data?.error ?? (session.error ? session.error.message : undefined);
  return { status: "unauthenticated", error: error || AUTH_TEXTS.sessionCheckFailed };
}
