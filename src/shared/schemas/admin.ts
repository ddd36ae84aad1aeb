import { z } from "zod";
import { USER_ACTIONS } from "../admin-user-actions.js";
import { ROLES } from "../entitlements.js";
import { idResponseSchema, idSchema } from "./fields.js";

// The action list and the rule of which apply live zod-free in admin-user-actions.ts.
export { USER_ACTIONS, type UserAction } from "../admin-user-actions.js";

/** UserId a positive integer, action one of the four. */
export const userActionRequestSchema = z.strictObject({
  userId: idSchema("userId"),
  action: z.enum(USER_ACTIONS, { error: `action must be one of: ${USER_ACTIONS.join(", ")}.` }),
});

export type UserActionRequest = z.infer<typeof userActionRequestSchema>;

/** Admin user view. */
export const adminUserSchema = z.object({
  id: idResponseSchema,
  displayName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  accountStatus: z.string(),
  subscriptionType: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  createdAt: z.string().nullable(),
  savedFundsCount: z.number().int().nonnegative(),
  /** When a monthly plan renews or ends, or when a cancelled one ended. */
  subscriptionEndDate: z.string().nullable(),
  /** The plan ends at subscriptionEndDate instead of renewing. */
  subscriptionCancelAtPeriodEnd: z.boolean(),
  /** The renewal was stopped when the account was deactivated; reactivating resumes it. */
  renewalStoppedOnDeactivation: z.boolean(),
  /** The actions that apply to this account now; the server refuses the others. */
  actions: z.array(z.enum(USER_ACTIONS)),
});

export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
