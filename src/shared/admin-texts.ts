/**
 * The admin area's shell and user management, not to be paraphrased.
 * A module of its own, like auth-texts.ts: only the admin chunks need it (docs/decisions/0006).
 */
export const ADMIN_TEXTS = {
  authenticating: "Authenticating",
  accessDenied: "Access Denied",
  importFunds: "Import Funds",
  manageUsers: "Manage Users",
  manageBlog: "Manage Blog",
  usersTitle: "User Management",
  usersDescription: "View, manage, and perform actions on all users in the system.",
  searchPlaceholder: "Search by name or email...",
  noUsers: "No users found.",
  none: "None",
  notAvailable: "N/A",
  cancel: "Cancel",
  fetchUsersFailed: "Failed to fetch users",
  actionFailed: "Failed to perform user action",
  /** The confirmation dialog of each row action; the delete text is fixed product wording. */
  actions: {
    delete_user: {
      button: "Delete",
      title: "Delete User",
      description:
        "This action is irreversible. It will permanently delete the user, their subscription, and all associated data. Are you sure you want to proceed?",
      confirm: "Yes, Delete User",
    },
    pause_subscription: {
      button: "Pause",
      title: "Pause Subscription",
      description:
        "This will pause the user's subscription at the end of the current billing period. The user will lose access to premium features.",
      confirm: "Yes, Pause",
    },
    resume_subscription: {
      button: "Resume",
      title: "Resume Subscription",
      description: "This will resume the user's subscription. The user will be charged on the next billing date.",
      confirm: "Yes, Resume",
    },
    reactivate_account: {
      button: "Reactivate",
      title: "Reactivate Account",
      description: "This will allow the user to log in again.",
      confirm: "Yes, Reactivate",
    },
  },
} as const;

/** A monthly plan's renewal as the user list shows it; dates come formatted. */
export const RENEWAL_TEXTS = {
  renews: (date: string) => `Renews ${date}`,
  ends: (date: string) => `Ends ${date}`,
  ended: (date: string) => `Ended ${date}`,
  stoppedOnDeactivation: "renewal stopped on deactivation",
  cancelledByMember: "cancelled by the member",
  reactivateResumes: (date: string) =>
    `Their monthly subscription, stopped when the account was deactivated, renews again: the next charge is on ${date}.`,
  reactivateEnded: (date: string) => `Their subscription ended on ${date}; reactivating does not restart it.`,
} as const;

/** Admin area: what a signed-in user without the admin role sees. */
export function adminAccessDeniedText(role: string): string {
  return `Access denied. Your role (${role}) lacks required permissions.`;
}

export function usersLoadFailedText(message: string): string {
  return `Failed to load users: ${message}`;
}

/** The AI writer's messages: the form's own two, the server's three. */
export const AI_WRITER_TEXTS = {
  provideUrl: "Please provide at least one URL.",
  invalidLines: "Please ensure all lines contain valid URLs.",
  invalidUrlItem: "Each item in the list must be a valid URL.",
  noUrls: "At least one URL is required.",
  tooManyUrls: "At most 10 URLs can be summarised at once.",
} as const;
