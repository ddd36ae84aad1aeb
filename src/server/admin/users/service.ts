import type { AdminUser, UserActionRequest } from "../../../shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http/errors.js";
import * as repository from "./repository.js";

export class AdminUsersService {
  constructor(private readonly db: Db) {}

  async list(): Promise<AdminUser[]> {
    const rows = await repository.listUsersWithSavedCounts(this.db);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt?.toISOString() ?? null }));
  }

  /** Runs an admin action on a user; the message is what the admin page shows as a toast. */
  async act(adminId: number, { userId, action }: UserActionRequest): Promise<{ message: string }> {
    if (userId === adminId && action === "delete_user") {
      throw new HttpError(400, "You cannot delete your own account from this page.");
    }
    switch (action) {
      case "reactivate_account":
        if (!(await repository.setAccountStatus(this.db, userId, "active"))) throw notFound();
        return { message: "Account reactivated. The user can log in again." };
      case "delete_user":
        // Sessions and saved funds are removed with the user by the foreign keys.
        if (!(await repository.deleteUser(this.db, userId))) throw notFound();
        return { message: "User permanently deleted." };
      case "pause_subscription":
      case "resume_subscription":
        // Subscriptions live at the payment provider; until billing is connected there is none to change.
        throw new HttpError(
          409,
          action === "pause_subscription" ? "No subscription to pause." : "No subscription to resume.",
        );
    }
  }
}

const notFound = () => new HttpError(404, "User not found.");
