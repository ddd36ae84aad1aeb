/**
 * How the global setup (global-setup.ts) hands its templates to the test processes: environment
 * variables, which the forked test files inherit and pass on to any server they spawn.
 */
/** The migrated PGlite cluster as a tar (PGlite's dumpDataDir), loaded into memory per test database. */
export const PGLITE_DUMP_ENV = "FUNDMATCH_TEST_PGLITE_DUMP";
/** The migrated PostgreSQL database each test database is created from (CREATE DATABASE … TEMPLATE). */
export const PG_TEMPLATE_ENV = "FUNDMATCH_TEST_PG_TEMPLATE";
