import { TEXTS } from "../../shared/texts.js";

/** The header's account area while the session is being checked. */
export function AuthLoading() {
  return (
    <span role="status" className="inline-flex h-9 min-w-16 items-center justify-center px-3 text-sm text-slate-600">
      {TEXTS.auth.loading}
    </span>
  );
}
