import { Bookmark, Briefcase, LogOut, Settings, User } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { ADMIN_TEXTS } from "../../../../shared/admin-texts.js";
import { AUTH_TEXTS } from "../../../../shared/auth-texts.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.js";
import { ADMIN_PAGES } from "../../../lib/admin-pages.js";
import { useMyFunds } from "../../../lib/my-funds.js";
import { useSavedFunds } from "../../../lib/saved-funds.js";
import { useLogout } from "../../../lib/use-logout.js";
import { AVATAR_BUTTON_CLASS, accountMenuLabel, UserAvatar } from "./user-avatar.js";

/**
 * The signed-in user's menu in the header: Profile, Saved Funds with a count, My funds for a member
 * of a fund's team, Account Settings, for an admin every admin page, Logout.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const savedFunds = useSavedFunds(true);
  const logout = useLogout();
  const myFunds = useMyFunds(true);
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
        {(myFunds.data?.length ?? 0) > 0 && (
          <DropdownMenuItem asChild>
            <Link to="/investor/funds">
              <Briefcase aria-hidden="true" />
              {AUTH_TEXTS.myFunds}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to="/account-settings">
            <Settings aria-hidden="true" />
            {AUTH_TEXTS.accountSettings}
          </Link>
        </DropdownMenuItem>
        {user.role === "admin" && <AdminItems />}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {AUTH_TEXTS.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The admin pages (lib/admin-pages.ts), as a labelled group of the menu. */
function AdminItems() {
  const labelId = useId();
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuGroup aria-labelledby={labelId}>
        <DropdownMenuLabel id={labelId} className="pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {ADMIN_TEXTS.adminMenu}
        </DropdownMenuLabel>
        {ADMIN_PAGES.map((page) => (
          <DropdownMenuItem key={page.to} asChild>
            <Link to={page.to}>
              <page.icon aria-hidden="true" />
              {page.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuGroup>
    </>
  );
}
