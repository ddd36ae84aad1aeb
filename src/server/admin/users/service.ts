import {
  applicableUserActions,
  type UserActionSubject,
  userActionRefusal,
} from "../../../shared/admin-user-actions.js";
import { effectiveSubscriptionStatus } from "../../../shared/entitlements.js";
import type { AdminUser, UserActionRequest } from "../../../shared/schemas/admin.js";
import type { AccountService } from "../../account/service.js";
import type { AuthService } from "../../auth/service.js";
import type { BillingService } from "../../billing/service.js";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/types.js";
import { conflict, invalid, notFound } from "../../errors.js";
import * as users from "../../users/repository.js";

type SubjectFields = Pick<
  UserRow,
  | "id"
  | "accountStatus"
  | "subscriptionType"
  | "subscriptionStatus"
  | "subscriptionPauseAt"
  | "stripeSubscriptionId"
  | "subscriptionCancelAtPeriodEnd"
>;

/** The account as the shared action rule sees it. */
function subjectOf(user: SubjectFields, now = new Date()): UserActionSubject {
  return {
    id: user.id,
    accountStatus: user.accountStatus,
    subscriptionType: user.subscriptionType,
    subscriptionStatus: effectiveSubscriptionStatus(user, now),
    hasSubscription: Boolean(user.stripeSubscriptionId),
    pauseScheduled: user.subscriptionPauseAt !== null,
    cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
  };
}

export class AdminUsersService {
  constructor(
    private readonly db: Db,
    private readonly billing: BillingService,
    private readonly auth: Pick<AuthService, "userChanged">,
    private readonly account: Pick<AccountService, "savedFundCounts">,
    /** Deletes a founder's decks before the account (issue 39): the object store does not cascade. */
    private readonly decks?: { deleteDecksOf(userId: number): Promise<void> },
  ) {}

  /** Every account, with the actions that apply to it for this admin. */
  async list(adminId: number): Promise<AdminUser[]> {
    const [rows, savedCounts] = await Promise.all([users.listUsersForAdmin(this.db), this.account.savedFundCounts()]);
    const now = new Date();
    return rows.map((row) => ({
      id: row.id,
      displayName: row.displayName,
      email: row.email,
      role: row.role,
      accountStatus: row.accountStatus,
      subscriptionType: row.subscriptionType,
      // An admin sees a pause as soon as it is scheduled, so that Resume is offered right away;
      // the user keeps access until it takes effect at the end of the paid period.
      subscriptionStatus: row.subscriptionPauseAt ? "paused" : row.subscriptionStatus,
      createdAt: row.createdAt?.toISOString() ?? null,
      savedFundsCount: savedCounts.get(row.id) ?? 0,
      subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
      subscriptionCancelAtPeriodEnd: row.subscriptionCancelAtPeriodEnd,
      renewalStoppedOnDeactivation: row.subscriptionStoppedOnDeactivation,
      actions: applicableUserActions(subjectOf(row, now), adminId),
    }));
  }

  /**
   * Runs an admin action on a user; the message is what the admin page shows as a toast. An action
   * that does not apply to the account (Pause for a Lifetime member…) is refused with the reason,
   * by the same rule that decides what the list offers.
   */
  async act(adminId: number, { userId, action }: UserActionRequest): Promise<{ message: string }> {
    if (userId === adminId && action === "delete_user") {
      throw invalid("You cannot delete your own account from this page.");
    }
    const user = await users.findUserById(this.db, userId);
    if (!user) throw userNotFound();
    const refusal = userActionRefusal(action, subjectOf(user), adminId);
    if (refusal) throw conflict(refusal);
    switch (action) {
      case "reactivate_account": {
        // The renewal the deactivation stopped starts again first (ADR 0012): if the payment
        // provider cannot be reached, the account stays as it is.
        const renewal = await this.billing.resumeRenewalAfterReactivation(user);
        if (!(await users.updateUser(this.db, userId, { accountStatus: "active" }))) throw userNotFound();
        await this.auth.userChanged(userId);
        const message = "Account reactivated. The user can log in again.";
        return { message: renewal.note ? `${message} ${renewal.note}` : message };
      }
      case "delete_user": {
        // The confirmation dialog says the subscription goes too: stop it at Stripe first. Sessions
        // and saved funds are removed with the user by the foreign keys.
        await this.billing.cancelBeforeDeletion(user);
        await this.decks?.deleteDecksOf(userId);
        if (!(await users.deleteUser(this.db, userId))) throw userNotFound();
        await this.auth.userChanged(userId);
        return { message: "User permanently deleted." };
      }
      case "pause_subscription":
        return { message: await this.billing.pause(userId) };
      case "resume_subscription":
        return { message: await this.billing.resume(userId) };
    }
  }
}

const userNotFound = () => notFound("User not found.");
