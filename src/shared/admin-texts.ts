import { formatCount } from "./format-count.js";
import { countOf } from "./inflect.js";

/**
 * The admin area's shell and user management, not to be paraphrased.
 * A module of its own, like auth-texts.ts: only the admin chunks need it (docs/decisions/0006).
 */
export const ADMIN_TEXTS = {
  authenticating: "Authenticating",
  accessDenied: "Access Denied",
  importFunds: "Import Funds",
  manageUsers: "Manage Users",
  manageFunds: "Manage Funds",
  manageBlog: "Manage Blog",
  /** The heading of the admin pages in the account menu. */
  adminMenu: "Admin",
  scrollHint: "Scroll sideways to see every column.",
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

/** The fund import page (/admin/import): the product's own wording, then what the preview and history add. */
export const IMPORT_TEXTS = {
  heading: "Import Fund Data",
  description: "Upload a CSV or XLS file to add new funds to the database.",
  dropPrompt: "Drag and drop your file here, or click to browse",
  dropActive: "Drop the file here",
  fileHint: "CSV, XLS, or XLSX",
  clearFile: "Remove file",
  duplicateHandling: "Duplicate Handling",
  modes: {
    skip_duplicates: {
      label: "Skip Duplicates",
      description: "Skip records that already exist (based on fund name and country)",
    },
    update_duplicates: {
      label: "Update Duplicates",
      description: "Update existing records with new data from the import file",
    },
    allow_duplicates: { label: "Allow Duplicates", description: "Import all records, even if duplicates exist" },
  },
  duplicatesNote:
    "Duplicates are detected by matching fund name and country. This helps avoid false positives while catching real duplicates.",
  startImport: "Start Import",
  importing: "Importing...",
  importingNote: "Importing... this may take a moment.",
  uploading: "Uploading the file",
  checking: "Checking rows",
  writing: "Saving funds",
  results: "Import Results",
  badges: {
    newRecords: "New Records",
    duplicatesFound: "Duplicates Found",
    skipped: "Skipped",
    updated: "Updated",
    failed: "Failed",
  },
  stats: {
    total: "Total Records Processed",
    added: "New Records Added",
    found: "Duplicates Found",
    skipped: "Duplicates Skipped",
    updated: "Duplicates Updated",
    failed: "Failed Imports",
  },
  errorDetails: "Error Details",
  warningDetails: "Values left out",
  previewTitle: "Preview",
  previewLoading: "Reading the file...",
  previewFailed: "The file could not be previewed",
  columnsTitle: "Columns",
  columnsHelp: "Which field each column of the file feeds. Change it where the guess is wrong.",
  ignoreColumn: "Ignore this column",
  unknownTitle: "Values the import cannot read",
  unknownHelp: "Map each to one of ours, or drop it. Values left unmapped are kept out of the funds they appear in.",
  dropValue: "Drop this value",
  leaveUnmapped: "Leave unmapped",
  wouldDo: "What the import would do",
  firstRows: "First rows as they would be stored",
  missingColumns: "Map a column to each of these before importing:",
  updatePreview: "Update preview",
  historyTitle: "Recent imports",
  historyEmpty: "No imports yet.",
  historyFailed: "Could not load the import history.",
  duplicate: "duplicate",
  sourceLabel: "Source of these facts",
  sourceHint:
    "The publication's address (https://…), shown with every fact the file changes. The file's name stays in the funds' history, for admins only. Without one, the facts read as FundMatch's own word.",
  sourcePlaceholder: "https://techcrunch.com/2024/03/01/…",
  creditedTo: "Facts will be credited to",
  changesTitle: "What each row changes",
  changesHelp: "Per row that names a stored fund: each fact it changes, from what to what. Everything else stays.",
  unchangedBadge: "Unchanged",
  changesMore: (shown: number, total: number) => `The first ${shown} of ${total} rows that change a fund.`,
  actions: { new: "new", update: "updates", skip: "skipped" },
  updateNote:
    "Update Duplicates needs only the name column (and a country where names repeat) and the columns you change: a file with only name, fund_size and currency changes the fund size. A list (stages, industries) given replaces the stored one; an empty or absent one stays.",
} as const;

export function importRowErrorText(row: number | "N/A", error: string): string {
  return `Row ${row}: ${error}`;
}

/** Under a long error list that the page shortens. */
export function moreErrorsText(shown: number, total: number): string {
  return `Showing the first ${formatCount(shown)} of ${countOf(total, "error", "errors")}.`;
}

/** A count of rows, as the preview's table of unknown values shows it on a phone. */
export function rowCountText(count: number): string {
  return countOf(count, "row", "rows");
}

export function requestFailedText(status: number): string {
  return `Request failed with status ${status}`;
}

/** The labels of the fields a column can feed, as the mapping step shows them. */
export const IMPORT_FIELD_LABELS = {
  name: "Name",
  country: "Country",
  countryCode: "Country code",
  city: "City",
  website: "Website",
  linkedin: "LinkedIn",
  fundingStages: "Funding stages",
  industryFocus: "Industry focus",
  fundSize: "Fund size",
  currency: "Currency",
  checkSize: "Check size (range)",
  checkSizeMinUsd: "Minimum check size",
  checkSizeMaxUsd: "Maximum check size",
  leadsRounds: "Leads rounds",
  foundedYear: "Founded year",
  description: "Description",
  fundManager: "Fund manager",
  source: "Source",
  status: "Status (winding down, not raising, paused)",
  statusAsOf: "Status date",
  lastReviewed: "Last reviewed",
} as const;

/** The fund management page (/admin/funds). */
export const FUNDS_ADMIN_TEXTS = {
  title: "Fund Management",
  description: "Search, correct and remove the funds founders can find.",
  searchPlaceholder: "Search by name, country, city or source...",
  columns: ["Name", "Country", "Stages", "Last Reviewed", "Source", "Actions"],
  noFunds: "No funds found.",
  loadFailed: "Failed to load funds",
  edit: "Edit",
  delete: "Delete",
  editTitle: "Edit Fund",
  save: "Save Changes",
  saving: "Saving...",
  saved: "Fund updated.",
  saveFailed: "Failed to update fund",
  deleteTitle: "Delete Fund",
  deleteConfirm: "Yes, Delete Fund",
  deleted: "Fund deleted.",
  deleteFailed: "Failed to delete fund",
  previous: "Previous",
  next: "Next",
  importLabel: "import",
  reviewed: "reviewed",
  statusLegend: "Still investing? (as a source reports it)",
  statusHint:
    "Record only what a publication reports, with its address and date: the fund page shows it with that source, and a fund winding down or not raising is ranked after every other match. The fund team's own \u201cinvesting / paused\u201d is separate.",
  statusLabel: "Reported status",
  statusNone: "None reported",
  statusSource: "Source's address",
  statusAsOf: "Reported as of (YYYY-MM)",
} as const;

export function fundDeleteText(name: string): string {
  return `Are you sure you want to delete the fund "${name}"? Users who saved it will no longer see it in their saved funds. This action cannot be undone.`;
}

export function fundsLoadFailedText(message: string): string {
  return `Failed to load funds: ${message}`;
}

/** Blog management (/admin/blog): the list, the editor and the AI writer tab, as the product words them. */
export const BLOG_ADMIN_TEXTS = {
  title: "Blog Management",
  description: "Create, edit, and manage all blog posts for your site.",
  createNew: "Create New Post",
  filters: { all: "All", published: "Published", draft: "Draft" },
  columns: ["Title", "Status", "Author", "Published Date", "Last Updated", "Actions"],
  published: "Published",
  draft: "Draft",
  viewPost: "View Post",
  editPost: "Edit Post",
  deletePost: "Delete Post",
  cancel: "Cancel",
  delete: "Delete",
  empty: "No posts found for the selected filter.",
  createTitle: "Create Post",
  editTitle: "Edit Post",
  backToPosts: "Back to Posts",
  aiWriterTab: "AI Writer",
  manualTab: "Manual Editor",
  fields: {
    title: "Title",
    slug: "Slug",
    slugHint: "The URL-friendly version of the title.",
    content: "Content",
    contentPlaceholder: "Write your blog post content here...",
    publishing: "Publishing",
    status: "Status",
    statusHint: "Set to Published to make it live, or Draft to keep it hidden.",
    details: "Details",
    excerpt: "Excerpt",
    featuredImageUrl: "Featured Image URL",
    seo: "SEO",
    seoTitle: "SEO Title",
    seoDescription: "SEO Description",
    seoKeywords: "SEO Keywords",
    seoKeywordsHint: "Comma-separated",
  },
  createPost: "Create Post",
  updatePost: "Update Post",
  created: "Post created.",
  updated: "Post updated.",
  deleted: "Post deleted.",
  fetchFailed: "Failed to fetch blog posts",
  createFailed: "Failed to create blog post",
  updateFailed: "Failed to update blog post",
  deleteFailed: "Failed to delete blog post",
  insertImage: "Insert image",
  imageUrl: "Image URL",
  imageAlt: "Description (alt text)",
  insert: "Insert",
  ai: {
    heading: "AI Blog Post Generator",
    intro: "Paste news article URLs (one per line) to generate a blog post summarizing the key points.",
    label: "Source Article URLs",
    generate: "Generate Blog Post",
    generating: "Generating...",
    result: "Generated Content",
    use: "Use This Content",
    generated: "Blog post generated successfully!",
    added: "Content has been added to the editor.",
    failedFallback: "Failed to generate blog post.",
    someUnreadable: "These sources could not be read; the draft uses the others:",
    noneReadable: "None of the articles could be read:",
    preview: "Preview",
    markdown: "Markdown",
    resultViews: "How to show the draft",
    demoNote:
      "Demo mode: no AI model is configured, so drafts are assembled from the articles' own sentences. Set LLM_API_KEY to have an LLM write them.",
  },
} as const;

export function postsLoadFailedText(message: string): string {
  return `Failed to load posts: ${message}`;
}

export function deletePostConfirmText(title: string): string {
  return `Are you sure you want to delete the post "${title}"? This action cannot be undone.`;
}

export function generationFailedText(message: string): string {
  return `Generation failed: ${message}`;
}

/** Where an unreadable source is in the URL list: "Line 2". */
export function sourceLineText(line: number): string {
  return `Line ${line}`;
}

/** The admin's data page (/admin/data). */
export const DATA_ADMIN_TEXTS = {
  nav: "Fund Data",
  title: "Fund Data",
  description:
    "How many funds have each fact and how much of it is sourced and dated, how old the facts are, where they come from, which funds a source reports winding down, which fund sizes are old enough to refresh, what nobody has reviewed in a year, and what users reported.",
  coverageTitle: "Coverage per fact",
  coverageDescription:
    "Share of all funds that have each fact, counted from the database; under each, how many of those come from a source with an address, and how many carry a date: their own (a close, an article), or the day their source was read.",
  sourcedOf: (sourced: string, dated: string) => `${sourced} sourced · ${dated} dated`,
  agesTitle: "Facts by age",
  agesDescription:
    "Every stated fact by the age of its date: its own (a close, an article), else the day its source was read. Undated facts have neither.",
  ages: {
    underOneYear: "Under 1 year",
    oneToThree: "1 to 3 years",
    threeToSix: "3 to 6 years",
    older: "Older than 6 years",
    undated: "Undated",
  },
  curatedOnlyTitle: "Funds with only curated facts",
  curatedOnlyDescription:
    "Everything these funds say came with FundMatch's curated list: no fact with a source, a date or an edit of its own.",
  curatedOnlyEmpty: "Every fund has at least one fact of its own.",
  curatedOnlyMore: (shown: number, total: number) => `The first ${shown} of ${total}, by name.`,
  hostsTitle: "Sources by host",
  hostsDescription: "Where the sourced facts point, most first. A host that should not be here stands out.",
  hostsEmpty: "No fact has a source address yet.",
  /** Beside a host the source rule refuses today (an IP address, a staging host, a copy): its facts came in before the rule. */
  hostRefused: "Refused as a source",
  hostsMore: (shown: number, total: number) => `The ${shown} hosts with the most facts, of ${total}.`,
  statusTitle: "Reported winding down, not raising or paused",
  statusDescription:
    "A source's report that the firm no longer raises or invests. These funds come after every other match in search and the match.",
  statusEmpty: "No source reports a fund winding down, not raising or paused.",
  staleTitle: "Not reviewed in the last 12 months",
  staleDescription: (before: string) =>
    `Never reviewed, or last reviewed before ${before}. A change of a fund's record (an import, the curated data) is no review.`,
  staleEmpty: "Every fund was reviewed in the last 12 months.",
  neverReviewed: "never reviewed",
  reportsTitle: "Open reports",
  reportsEmpty: "No open reports.",
  oldFundSizesTitle: "Fund sizes to refresh",
  oldFundSizesDescription: (before: string) =>
    `Fund sizes dated before ${before}, more than six years ago: the fund page shows them as an older fund and the match counts them as weak evidence. Look for the firm's newer fund.`,
  oldFundSizesEmpty: "No fund size is more than six years old.",
  oldFundSizesMore: (shown: number, total: number) => `The ${shown} oldest of ${total}.`,
  editFund: "Edit fund",
  markReviewed: "Mark reviewed",
  markedReviewed: "Marked reviewed today.",
  markFailed: "Could not mark the fund reviewed.",
  loadFailed: "Could not load the data overview",
  previous: "Previous",
  next: "Next",
  columns: {
    fund: "Fund",
    country: "Country",
    reviewed: "Last reviewed",
    field: "Fact",
    asOf: "As of",
    source: "Source",
    actions: "Actions",
    host: "Host",
    facts: "Facts",
    funds: "Funds",
    status: "Status",
    fundSize: "Fund size",
  },
} as const;

/** How the data page names each informative fact (INFORMATIVE_FACTS in src/shared/fund-facts.ts). */
export const INFORMATIVE_FACT_LABELS = {
  fundSize: "Fund size",
  chequeRange: "Cheque range",
  leadsRounds: "Leads or follows",
  website: "Website",
  portfolio: "Portfolio",
  sectorAgnostic: "Sector statement",
  linkedin: "LinkedIn",
  fundManager: "Fund manager",
} as const;
