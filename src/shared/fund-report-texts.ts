/**
 * 'Report outdated info' on a fund page and the admins' Fund Reports page: the fields a report can
 * name, the limits, and the words both pages show. Zod-free, for the lazy fund page and admin chunks.
 */

import { formatCount } from "./format-count.js";

export const REPORT_FIELDS = [
  "name",
  "location",
  "stages",
  "industries",
  "fund_size",
  "founded",
  "description",
  "website",
  "linkedin",
  "fund_manager",
  "check_size",
  "leads_rounds",
  "other",
] as const;

export type ReportField = (typeof REPORT_FIELDS)[number];

export const REPORT_FIELD_LABELS: Readonly<Record<ReportField, string>> = {
  name: "Name",
  location: "Location",
  stages: "Funding stages",
  industries: "Industries",
  fund_size: "Fund size",
  founded: "Founded year",
  description: "Description",
  website: "Website",
  linkedin: "LinkedIn",
  fund_manager: "Fund manager",
  check_size: "Check size",
  leads_rounds: "Leads rounds",
  other: "Something else",
};

export function isReportField(value: string): value is ReportField {
  return (REPORT_FIELDS as readonly string[]).includes(value);
}

export function reportFieldLabel(field: string): string {
  return isReportField(field) ? REPORT_FIELD_LABELS[field] : field;
}

export const REPORT_STATUSES = ["open", "done"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What an admin decides when closing a report: the fund's data changed, or nothing needed to change. */
export const REPORT_OUTCOMES = ["updated", "unchanged"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export const REPORT_OUTCOME_LABELS: Readonly<Record<ReportOutcome, string>> = {
  updated: "Fund updated",
  unchanged: "Nothing needed to change",
};

/** Longest reply to the reporter, in characters: a sentence or two, shown on their profile and e-mailed. */
export const REPORT_REPLY_MAX = 500;

/** Longest note, in characters: a short correction, not an essay. */
export const REPORT_NOTE_MAX = 1000;
/** Reports one account may send per hour, whatever addresses it uses. */
export const REPORTS_PER_ACCOUNT_PER_HOUR = 10;

export const FUND_REPORT_TEXTS = {
  link: "Report outdated info",
  title: "Report outdated info",
  description:
    "Tell us what has changed about this fund. Our data team reviews every report before the next update; only your account is stored with it.",
  fieldLabel: "What is outdated?",
  fieldPlaceholder: "Choose a field",
  noteLabel: "What is correct now?",
  notePlaceholder: "For example: the fund now also invests at Series A (source: the fund's website).",
  submit: "Send report",
  submitting: "Sending...",
  cancel: "Cancel",
  sent: "Thank you: your report was sent to our data team.",
  failed: "Could not send your report. Please try again.",
  signInTitle: "Log in to report outdated info",
  signInText: "Reports come from FundMatch accounts, so that our data team can follow up on a correction.",
  signIn: "Log in",
  fieldRequired: "Choose which information is outdated.",
  noteRequired: "Please describe what is outdated.",
  noteTooLong: `Keep the note under ${formatCount(REPORT_NOTE_MAX)} characters.`,
  tooMany: "You have sent many reports in the last hour. Please try again later.",
  // The admin page.
  adminTitle: "Fund Reports",
  adminNav: "Fund Reports",
  /** The link from a report to its fund's edit form. */
  editFund: "Edit fund",
  adminDescription:
    "Corrections users sent from fund pages. Fix the data through an import, then mark the report done.",
  adminOpen: "Open",
  adminDone: "Done",
  adminEmptyOpen: "No open reports.",
  adminEmptyDone: "No reports marked done yet.",
  adminLoadFailed: "Failed to load fund reports",
  markDone: "Mark done",
  markedDone: "Report marked done.",
  markDoneFailed: "Failed to mark the report done.",
  reopen: "Reopen",
  reopened: "Report reopened.",
  // Closing a report: the outcome, what changed, and the reply the reporter reads.
  doneTitle: "Mark the report done",
  doneDescription: "The reporter is e-mailed once with your answer, and sees it on their profile.",
  outcomeLabel: "Outcome",
  changedFieldsLabel: "What changed on the fund?",
  replyLabel: "Reply to the reporter",
  replyPlaceholder: "For example: thanks, the fund's website now points to its new domain.",
  replyRequired: "Write a short reply: it tells the reporter why nothing needed to change.",
  replyTooLong: `Keep the reply under ${formatCount(REPORT_REPLY_MAX)} characters.`,
  changedFieldsRequired: "Choose at least one field that changed on the fund.",
  changedFieldsOnlyWhenUpdated: "Changed fields are only for a fund that was updated.",
  outcomeRequired: "Choose whether the fund was updated or nothing needed to change.",
  // The reporter's profile.
  yourReports: "Your reports",
  yourReportsDescription: "Corrections you sent from fund pages, and what our data team answered.",
  noReports: "You have not reported any outdated info yet.",
  reportsLoadFailed: "Could not load your reports.",
  stateOpen: "Open",
  stateDone: "Done",
  reportedLabel: "Reported",
  doneOnLabel: "Done",
  replyHeading: "Reply",
} as const;
