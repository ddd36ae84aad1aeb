/**
 * Saved searches' limits (issue 23), shared by the contract, the table's check and the pages.
 * Dependency-free: the database schema imports it.
 */

/** Longest name of a saved search, in characters. */
export const SAVED_SEARCH_NAME_MAX = 80;

/** Most saved searches one account keeps. */
export const SAVED_SEARCHES_MAX = 20;

export const SAVED_SEARCHES_LIMIT_MESSAGE = `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`;
