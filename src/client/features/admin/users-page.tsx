import { ArrowRight, Pause, Play, RotateCcw, Trash2, TriangleAlert } from "lucide-react";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ADMIN_TEXTS, usersLoadFailedText } from "../../../shared/admin-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { AdminUser, UserAction } from "../../../shared/schemas/admin.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { messageOr } from "../../lib/api-client.js";
import { BADGE_TONE_CLASS, subscriptionStatusTone } from "../../lib/subscription-status.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useSessionQuery } from "../../lib/use-session-query.js";
import { cn } from "../../lib/utils.js";
import { useAdminUsers, useUserAction } from "./api/use-admin-users.js";
import { AdminPageHeader, AdminSearchField } from "./components/admin-page-header.js";
import { UserActionDialog } from "./components/user-action-dialog.js";
import {
  accountStatusTone,
  createdAtText,
  filterUsers,
  renewalText,
  rowActions,
  subscriptionText,
} from "./user-rows.js";

const COLUMNS = [
  "ID",
  "Display Name",
  "Email",
  "Account Status",
  "Subscription",
  "Created At",
  "Saved Funds",
  "Actions",
] as const;
const SKELETON_ROWS = 5;
/**
 * The actions column stays in view at the frame's right edge, with a shadow over what scrolls beneath;
 * below the sm breakpoint its buttons are icons only, so that the names beside it stay readable.
 */
const PINNED_CELL = "sticky right-0 shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.2)]";

/** Whether the element's content is wider than the element (it scrolls sideways), kept up to date. */
function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

const ACTION_ICONS = {
  pause_subscription: Pause,
  resume_subscription: Play,
  reactivate_account: RotateCcw,
  delete_user: Trash2,
} as const;

type Target = { user: AdminUser; action: UserAction };

/** User management (/admin/users); the admin guard has already let the viewer in. */
export function UsersPage() {
  usePageMeta(PAGE_META["/admin/users"]);
  const adminId = useSessionQuery().data?.user?.id ?? null;
  const users = useAdminUsers();
  const action = useUserAction();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [target, setTarget] = useState<Target | null>(null);
  const visible = users.data ? filterUsers(users.data, deferredQuery) : [];
  const [frameRef, overflows] = useOverflowsSideways<HTMLElement>();

  const confirm = () => {
    if (!target) return;
    action.mutate(
      { userId: target.user.id, action: target.action },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(messageOr(error, ADMIN_TEXTS.actionFailed)),
        onSettled: () => setTarget(null),
      },
    );
  };

  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-6">
      <AdminPageHeader titleId="users-title" title={ADMIN_TEXTS.usersTitle} description={ADMIN_TEXTS.usersDescription}>
        <AdminSearchField
          id="users-search"
          label="Search users"
          placeholder={ADMIN_TEXTS.searchPlaceholder}
          value={query}
          onChange={setQuery}
          className="md:w-80"
        />
      </AdminPageHeader>

      {users.isError ? (
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {usersLoadFailedText(messageOr(users.error, ADMIN_TEXTS.fetchUsersFailed))}
        </p>
      ) : (
        // Wide table, narrow screens: it scrolls sideways inside its frame, which keyboard users can focus;
        // a hint says so while it overflows, and the actions column stays pinned at the right edge.
        <div className="flex flex-col gap-2">
          {overflows && (
            <p id="users-scroll-hint" className="flex items-center gap-1.5 text-sm text-slate-600">
              Scroll the table sideways for status, subscription and dates
              <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
            </p>
          )}
          <section
            ref={frameRef}
            aria-label="Users"
            aria-describedby={overflows ? "users-scroll-hint" : undefined}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
            tabIndex={0}
            className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
          >
            <table className="w-full min-w-[60rem] text-left text-sm" aria-busy={users.isPending}>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className={cn(
                        "px-3 py-3 align-bottom",
                        column === "Actions" && `text-right ${PINNED_CELL} bg-slate-50`,
                      )}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {users.isPending ? (
                  Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                    <tr key={index}>
                      {COLUMNS.map((column) => (
                        <td key={column} className="px-3 py-4">
                          <Skeleton className="h-4 w-full max-w-32" />
                        </td>
                      ))}
                    </tr>
                  ))
                ) : visible.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-3 py-12 text-center text-slate-600">
                      {ADMIN_TEXTS.noUsers}
                    </td>
                  </tr>
                ) : (
                  visible.map((user) => (
                    <UserRow key={user.id} user={user} adminId={adminId} onAction={(next) => setTarget(next)} />
                  ))
                )}
              </tbody>
            </table>
          </section>
        </div>
      )}

      <UserActionDialog
        target={target}
        pending={action.isPending}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    </section>
  );
}

function UserRow({
  user,
  adminId,
  onAction,
}: {
  user: AdminUser;
  adminId: number | null;
  onAction: (target: Target) => void;
}) {
  const actions = rowActions(user);
  const renewal = renewalText(user);
  return (
    <tr className="align-middle">
      <td className="px-3 py-3 text-slate-600 tabular-nums">{user.id}</td>
      <td className="min-w-36 px-3 py-3 font-medium break-words text-slate-900">
        {user.displayName}
        {user.id === adminId && <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>}
      </td>
      <td className="px-3 py-3 text-slate-700">
        <EmailText email={user.email} />
      </td>
      <td className="px-3 py-3">
        <Badge variant="outline" className={BADGE_TONE_CLASS[accountStatusTone(user.accountStatus)]}>
          {user.accountStatus}
        </Badge>
      </td>
      <td className="px-3 py-3">
        {user.subscriptionType ? (
          <Badge variant="outline" className={BADGE_TONE_CLASS[subscriptionStatusTone(user.subscriptionStatus)]}>
            {subscriptionText(user)}
          </Badge>
        ) : (
          <span className="text-slate-600">{subscriptionText(user)}</span>
        )}
        {renewal && <p className="mt-1 max-w-56 text-xs text-slate-600">{renewal}</p>}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{createdAtText(user.createdAt)}</td>
      <td className="px-3 py-3 text-slate-700 tabular-nums">{user.savedFundsCount}</td>
      <td className={cn("px-3 py-3", PINNED_CELL, "bg-white")}>
        <div className="flex justify-end gap-1.5">
          {actions.map((action) => {
            const Icon = ACTION_ICONS[action];
            const destructive = action === "delete_user";
            return (
              <Button
                key={action}
                variant="outline"
                size="sm"
                aria-haspopup="dialog"
                // The visible word alone is the same on every row; the name says whose row it is.
                aria-label={`${ADMIN_TEXTS.actions[action].button} ${user.displayName}`}
                onClick={() => onAction({ user, action })}
                // On a phone the pinned column shows icons only (the name above, as a tooltip): with
                // their words it took most of the frame and covered the names beneath it.
                title={ADMIN_TEXTS.actions[action].button}
                className={cn(
                  "h-8 px-2 sm:px-2.5",
                  destructive && "text-red-700 hover:border-red-200 hover:bg-red-50 hover:text-red-800",
                )}
              >
                <Icon aria-hidden="true" />
                <span className="hidden sm:inline">{ADMIN_TEXTS.actions[action].button}</span>
              </Button>
            );
          })}
        </div>
      </td>
    </tr>
  );
}

/** Long addresses may wrap before the @ only (the parts themselves have no break points). */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="whitespace-nowrap">{email}</span>;
  return (
    <span>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
