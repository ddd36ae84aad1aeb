import { Suspense } from "react";
import { Link } from "react-router";
import { TEXTS } from "../../../../shared/texts.js";
import { AuthLoading } from "../../../components/auth-loading.js";
import { Button } from "../../../components/ui/button.js";
import { lazyPart } from "../../../lib/lazy-part.js";
import { useSession } from "../api/use-session.js";
import { AVATAR_BUTTON_CLASS, accountMenuLabel, UserAvatar } from "./user-avatar.js";

// Most visitors are logged out: the menu (Radix DropdownMenu, the saved-funds call) loads only for a user.
const AccountMenu = lazyPart("features/auth/components/account-menu.tsx", () =>
  import("./account-menu.js").then((module) => module.AccountMenu),
);

/** The header's account area: loading, the avatar menu, or the Login link. */
export function HeaderAuth() {
  const auth = useSession();
  if (auth.status === "loading") return <AuthLoading />;
  if (auth.status === "authenticated") {
    const { user } = auth;
    return (
      <Suspense
        fallback={
          <button
            type="button"
            disabled
            aria-label={accountMenuLabel(user.displayName)}
            className={AVATAR_BUTTON_CLASS}
          >
            <UserAvatar displayName={user.displayName} avatarUrl={user.avatarUrl} />
          </button>
        }
      >
        <AccountMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/login">{TEXTS.auth.login}</Link>
    </Button>
  );
}
