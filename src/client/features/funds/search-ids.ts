/** Anchor of the search form: the header, the empty state and /#find-investors links point here. */
export const SEARCH_SECTION_ID = "find-investors";
export const RESULTS_SECTION_ID = "results";
