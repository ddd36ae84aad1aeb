/**
 * The row types, for code outside the repositories: a service may know what a row looks like, but
 * only repositories import the tables themselves (the house rules check it).
 */
export type {
  BlogPostRow,
  FundClaimRow,
  FundFactChangeRow,
  FundFactRow,
  FundMemberRow,
  FundMonthlyCountRow,
  FundRow,
  ImportRunRow,
  JobRunRow,
  NewBlogPostRow,
  NewFundRow,
  PitchDeckViewRow,
  PitchRow,
  SessionRow,
  UserRow,
} from "./schema/index.js";
