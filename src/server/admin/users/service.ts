import type { AdminUser, UserActionRequest } from "../../../shared/schemas/admin.js";
import type { AuthService } from "../../auth/service.js";
import type { BillingService } from "../../billing/service.js";
import type { Db } from "../../db/client.js";
import { invalid, notFound } from "../../errors.js";
import * as users from "../../users/repository.js";

export class AdminUsersService {
  constructor(
    private readonly db: Db,
    private readonly billing: BillingService,
    private readonly auth: Pick<AuthService, "userChanged">,
  ) {}

  async list(): Promise<AdminUser[]> {
    const rows = await users.listUsersWithSavedCounts(this.db);
    return rows.map(({ subscriptionPauseAt, ...row }) => ({
      ...row,
      // An admin sees a pause as soon as it is scheduled, so that Resume is offered right away;
      // the user keeps access until it takes effect at the end of the paid period.
      subscriptionStatus: subscriptionPauseAt ? "paused" : row.subscriptionStatus,
      createdAt: row.createdAt?.toISOString() ?? null,
    }));
  }

  /** Runs an admin action on a user; the message is what the admin page shows as a toast. */
  async act(adminId: number, { userId, action }: UserActionRequest): Promise<{ message: string }> {
    if (userId === adminId && action === "delete_user") {
      throw invalid("You cannot delete your own account from this page.");
    }
    switch (action) {
      case "reactivate_account":
        if (!(await users.updateUser(this.db, userId, { accountStatus: "active" }))) throw userNotFound();
        await this.auth.userChanged(userId);
        return { message: "Account reactivated. The user can log in again." };
      case "delete_user": {
        // The confirmation dialog says the subscription goes too: stop it at Stripe first. Sessions
        // and saved funds are removed with the user by the foreign keys.
        const user = await users.findUserById(this.db, userId);
        if (!user) throw userNotFound();
        await this.billing.cancelBeforeDeletion(user);
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
