/**
 * Claiming a fund's profile (issue 24): the limits and the words the fund page's dialog, the
 * e-mailed link's page and the admins' Claims page share. Zod-free, for the lazy fund page and
 * admin chunks.
 */

import { formatCount } from "./format-count.js";
import { possessive } from "./inflect.js";

/** The note to the admins, in characters. */
export const CLAIM_NOTE_MAX = 1000;
/** The admin's reason for a refusal, in characters. */
export const CLAIM_REASON_MAX = 500;
/** Claims one account may make per hour, over every fund. */
export const CLAIMS_PER_ACCOUNT_PER_HOUR = 5;
/** Claims of one fund per hour, over every account: a fund is not a target to flood its team or the admins with. */
export const CLAIMS_PER_FUND_PER_HOUR = 10;

/** What an admin does with a claim under review. */
export const CLAIM_DECISIONS = ["approve", "refuse"] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** The answer to a claim: a link went to the work address, or the admins review it. */
export const CLAIM_OUTCOMES = ["verification_sent", "pending_review"] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/** The fund editor's page (built with the editor), where a member lands after joining. */
export function fundEditorPath(fundId: number): string {
  return `/investor/funds/${fundId}`;
}

export const CLAIM_TEXTS = {
  // The fund page.
  prompt: "Are you on this fund's team?",
  link: "Claim this profile",
  memberNote: "You're on this fund's team",
  editProfile: "Edit profile",
  title: "Claim this fund's profile",
  description:
    "Give your work e-mail address. If it is at the fund's own domain, we e-mail you a link that makes your account a member of the fund's team; otherwise our team reviews your claim.",
  emailLabel: "Work e-mail address",
  emailPlaceholder: "you@yourfund.com",
  emailRequired: "Enter your work e-mail address.",
  noteLabel: "Note for our team (optional)",
  noteHint: "Used only if your address is not at the fund's domain: your role, and how we can check it.",
  notePlaceholder: "For example: I'm a partner; my profile is on the fund's team page.",
  noteTooLong: `Keep the note under ${formatCount(CLAIM_NOTE_MAX)} characters.`,
  submit: "Send claim",
  submitting: "Sending...",
  cancel: "Cancel",
  close: "Done",
  sentTitle: "Check your inbox",
  sentText:
    "We sent a link to your work address. Open it while signed in to this account within 24 hours to join the fund's team.",
  reviewTitle: "Claim sent for review",
  reviewText:
    "Your address is not at the fund's domain, so our team will review your claim. We will e-mail you when it is decided.",
  failed: "Could not send your claim. Please try again.",
  signInTitle: "Log in to claim this profile",
  signInText: "Fund profiles are claimed by FundMatch accounts: log in or create a free account first.",
  signIn: "Log in",
  tooManyAccount: "You have made several claims in the last hour. Please try again later.",
  tooManyFund: "This fund has received many claims in the last hour. Please try again later.",
  alreadyMember: "You're already on this fund's team.",
  // The e-mailed link's page.
  verifyTitle: "Join the fund's team",
  verifyIntro: "Confirm to make your account a member of the fund's team.",
  verifyConfirm: "Confirm and join",
  verifying: "Confirming...",
  verifiedTitle: (fundName: string) => `You're now on ${possessive(fundName)} team`,
  verifiedText: "You can now edit the fund's profile.",
  missingToken: "This link is incomplete. Open the link from the e-mail again.",
  linkInvalid: "This link has expired or was already used. Claim the fund again from its page to get a new one.",
  wrongAccount:
    "This link was sent to confirm a claim made by another FundMatch account. Log in with the account that claimed the fund, then open the link again.",
  verifyChecking: "Checking your session...",
  verifySignIn: "Log in with the account that claimed the fund, then open the link from the e-mail again.",
  verifyFailed: "Could not confirm your claim. Please try again.",
  // The admins' page.
  adminTitle: "Fund Claims",
  adminNav: "Fund Claims",
  adminDescription:
    "Claims to fund profiles from addresses outside the fund's domain, and every fund's team. Approving a claim makes the account a member of that fund; members can edit that fund only.",
  adminPending: "Claims to review",
  adminEmptyPending: "No claims to review.",
  adminMembers: "Fund teams",
  adminEmptyMembers: "No fund has members yet.",
  adminLoadFailed: "Failed to load fund claims",
  approve: "Approve",
  approved: "Claim approved: the account is now on the fund's team.",
  refuse: "Refuse",
  refuseTitle: "Refuse this claim",
  refuseReasonLabel: "Reason (optional, sent to the claimant)",
  refused: "Claim refused.",
  remove: "Remove",
  removeTitle: "Remove this member?",
  removeText: "The account will no longer be able to edit this fund's profile.",
  removed: "Member removed.",
  actionFailed: "The action failed. Please try again.",
  alreadyDecided: "This claim was already decided.",
  claimNotFound: "Claim not found.",
  memberNotFound: "This account is not a member of this fund.",
} as const;
