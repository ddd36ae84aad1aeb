/**
 * Saved searches' limits and texts (issue 23), shared by the contract, the table's check and the pages.
 * Dependency-free: the database schema imports it.
 */

/** Longest name of a saved search, in characters. */
export const SAVED_SEARCH_NAME_MAX = 80;

/** Most saved searches one account keeps. */
export const SAVED_SEARCHES_MAX = 20;

export const SAVED_SEARCHES_LIMIT_MESSAGE = `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`;

/** The results' "Save this search" dialog. */
export const SAVE_SEARCH_TEXTS = {
  button: "Save this search",
  title: "Save this search",
  description: "Run it again from your profile whenever you like.",
  name: "Name",
  alerts: "E-mail me weekly when new funds match",
  save: "Save search",
  cancel: "Cancel",
  saved: "Search saved.",
  viewSaved: "See your saved searches",
  failed: "Failed to save the search.",
} as const;

/** The profile's "Saved searches" card. */
export const SAVED_SEARCHES_TEXTS = {
  title: "Saved searches",
  empty: "Save a search from the results to run it again here.",
  loadFailed: "Failed to load your saved searches.",
  open: "Open",
  rename: "Rename",
  save: "Save",
  cancel: "Cancel",
  delete: "Delete",
  alerts: "Weekly e-mail",
  alertsPaused: "Alerts are sent while your subscription is active.",
  deleteTitle: "Delete this saved search?",
  deleteBody: (name: string) => `“${name}” will be removed. The funds it found are not affected.`,
  updateFailed: "Failed to update the saved search.",
  deleteFailed: "Failed to delete the saved search.",
} as const;
