import type { Logger } from "pino";
import type { Database } from "../db/client.js";
import { VersionedSnapshot } from "../db/versioned-snapshot.js";
import { FUNDS_DATA, loadFundsSnapshot } from "./repository.js";
import { FundSearchIndex } from "./search/fund-search-index.js";

/**
 * The in-memory fund search index of this instance, rebuilt from one consistent read of the funds
 * whenever their data version moves (docs/decisions/0004): searches wait for a rebuild rather than
 * answer from data older than themselves.
 */
export class FundsIndexProvider extends VersionedSnapshot<FundSearchIndex> {
  constructor(database: Database, logger: Logger) {
    super(
      database,
      FUNDS_DATA,
      async (db) => {
        const snapshot = await loadFundsSnapshot(db);
        const index = new FundSearchIndex(snapshot.rows, snapshot.version, snapshot.facts);
        // The match's thesis index is built with the search index, never on a request (ADR 0021).
        index.prepareMatch();
        return index;
      },
      logger,
      (index) => ({ funds: index.size }),
    );
  }
}
