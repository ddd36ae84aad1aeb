import type { Logger } from "pino";
import type { Database, Db } from "../db/client.js";
import { VersionedSnapshot } from "../db/versioned-snapshot.js";
import type { FundExtras } from "./fund-team-view.js";
import { FUNDS_DATA, loadFundsSnapshot } from "./repository.js";
import { FundSearchIndex } from "./search/fund-search-index.js";

/**
 * The in-memory fund search index of this instance, rebuilt from one consistent read of the funds
 * whenever their data version moves (docs/decisions/0004): searches wait for a rebuild rather than
 * answer from data older than themselves.
 */
export class FundsIndexProvider extends VersionedSnapshot<FundSearchIndex> {
  /**
   * `loadExtras` reads, in the snapshot's transaction, what other domains add to each fund: the
   * listed team members (investors domain, issue 24) and the answer records (pitches domain, issue
   * 39); services.ts hands their readers in.
   */
  constructor(database: Database, logger: Logger, loadExtras?: (db: Db) => Promise<FundExtras>) {
    super(
      database,
      FUNDS_DATA,
      async (db) => {
        const snapshot = await loadFundsSnapshot(db, loadExtras);
        const index = new FundSearchIndex(snapshot.rows, snapshot.version, snapshot.facts, snapshot.extra);
        // The match's thesis index is built with the search index, never on a request (ADR 0021).
        index.prepareMatch();
        return index;
      },
      logger,
      (index) => ({ funds: index.size }),
    );
  }
}
