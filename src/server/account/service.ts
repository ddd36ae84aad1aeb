import { canSaveFunds, seesAllResults } from "../../shared/entitlements.js";
import { SUBSCRIPTION_REQUIRED } from "../../shared/schemas/account.js";
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from "../../shared/schemas/auth.js";
import { AUTH_MESSAGES, type AuthService, type ClientInfo, type SignedIn } from "../auth/service.js";
import type { BillingService } from "../billing/service.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { conflict, invalid, notFound, paymentRequired } from "../errors.js";
import type { FundsIndexProvider } from "../funds/index-provider.js";
import type { FundReportsService } from "../funds/reports/service.js";
import { subscriptionOf, type Viewer } from "../http/viewer.js";
import * as users from "../users/repository.js";
import * as repository from "./repository.js";

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly indexes: FundsIndexProvider,
    private readonly auth: AuthService,
    private readonly billing: Pick<BillingService, "cancelBeforeDeletion">,
    private readonly fundReports: Pick<FundReportsService, "reportsForExport">,
  ) {}

  async updateProfile(
    user: UserRow,
    input: { displayName: string; email: string; password: string },
  ): Promise<UserRow> {
    await this.auth.confirmPassword(user, input.password);
    const other = await users.findUserByEmail(this.db, input.email);
    if (other && other.id !== user.id) throw conflict(AUTH_MESSAGES.emailInUse);
    const updated = await users.updateUser(this.db, user.id, {
      displayName: input.displayName,
      email: input.email,
    });
    if (!updated) throw notFound("Account not found.");
    return updated;
  }

  async changePassword(
    user: UserRow,
    input: { currentPassword: string; newPassword: string },
    client: ClientInfo,
  ): Promise<SignedIn> {
    await this.auth.confirmPassword(user, input.currentPassword);
    if (!meetsPasswordRule(input.newPassword)) throw invalid(PASSWORD_RULE_MESSAGE);
    return this.auth.changePassword(user, input.newPassword, client);
  }

  /** Disables the account and ends every session; an admin can reactivate it. */
  async deactivate(user: UserRow, password: string): Promise<void> {
    await this.auth.confirmPassword(user, password);
    await users.updateUser(this.db, user.id, { accountStatus: "deactivated" });
    await this.auth.endAllSessions(user.id);
  }

  /**
   * Erases the user at once, after stopping their subscription; sessions and saved funds go with
   * the row (foreign keys cascade).
   */
  async delete(user: UserRow, password: string): Promise<void> {
    await this.auth.confirmPassword(user, password);
    await this.billing.cancelBeforeDeletion(user);
    await users.deleteUser(this.db, user.id);
  }

  /** Everything stored about the user, without password hashes or session tokens. */
  async exportData(user: UserRow) {
    const [saved, sessionList, fundReports] = await Promise.all([
      repository.savedFundsForExport(this.db, user.id),
      this.auth.sessionsOf(user.id),
      this.fundReports.reportsForExport(user.id),
    ]);
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        avatarUrl: user.avatarUrl,
        role: user.role,
        accountStatus: user.accountStatus,
        hasPassword: user.passwordHash !== null,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
      },
      subscription: {
        status: user.subscriptionStatus,
        type: user.subscriptionType,
        endDate: user.subscriptionEndDate?.toISOString() ?? null,
        stripeCustomerId: user.stripeCustomerId,
      },
      savedFunds: saved.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() })),
      sessions: sessionList.map((row) => ({
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
      })),
      fundReports,
    };
  }

  /**
   * `{funds}` as JSON. What a user saved is never dropped, but it is shown through the same gate
   * as search: after a subscription ends, the list stays and the premium fields are withheld.
   */
  async savedFundsJson(userId: number, viewer: Viewer): Promise<string> {
    const [ids, index] = await Promise.all([repository.savedFundIds(this.db, userId), this.indexes.current()]);
    return `{"funds":${index.fundsJson(ids, seesAllResults(subscriptionOf(viewer)))}}`;
  }

  async save(userId: number, viewer: Viewer, fundId: number): Promise<void> {
    if (!canSaveFunds(subscriptionOf(viewer))) throw paymentRequired(SUBSCRIPTION_REQUIRED);
    if (!(await this.indexes.current()).has(fundId)) throw notFound("Fund not found.");
    await repository.saveFund(this.db, userId, fundId);
  }

  /** Unsaving what is not saved is harmless, and allowed without a subscription. */
  async unsave(userId: number, fundId: number): Promise<void> {
    await repository.unsaveFund(this.db, userId, fundId);
  }
}
