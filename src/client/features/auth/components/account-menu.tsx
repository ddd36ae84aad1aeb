import { Bookmark, LogOut, User } from "lucide-react";
import { Link } from "react-router";
import { AUTH_TEXTS } from "../../../../shared/auth-texts.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.js";
import { useSavedFunds } from "../../../lib/saved-funds.js";
import { useLogout } from "../../../lib/use-logout.js";
import { AVATAR_BUTTON_CLASS, accountMenuLabel, UserAvatar } from "./user-avatar.js";

/** The signed-in user's menu in the header: Profile, Saved Funds with a count, Logout. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const savedFunds = useSavedFunds(true);
  const logout = useLogout();
  // No count rather than a wrong one while the list is loading or when it could not be fetched.
  const count = savedFunds.data?.length;

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={AVATAR_BUTTON_CLASS} aria-label={accountMenuLabel(user.displayName)}>
        <UserAvatar displayName={user.displayName} avatarUrl={user.avatarUrl} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate font-semibold text-slate-900">{user.displayName}</span>
          <span className="truncate text-xs text-slate-600">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" />
            {AUTH_TEXTS.profile}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <Bookmark aria-hidden="true" />
            {AUTH_TEXTS.savedFunds}
            {count !== undefined && " "}
            {count !== undefined && (
              <span className="ml-auto rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700">
                {count}
              </span>
            )}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {AUTH_TEXTS.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
