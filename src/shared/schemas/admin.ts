import { z } from "zod";
import { ROLES } from "../entitlements.js";
import { idResponseSchema, idSchema } from "./fields.js";

export const USER_ACTIONS = ["pause_subscription", "resume_subscription", "delete_user", "reactivate_account"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

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
});

export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
