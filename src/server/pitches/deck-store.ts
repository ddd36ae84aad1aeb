import type { Readable } from "node:stream";
import type { Db } from "../db/client.js";
import { deleteDeckChunks, readDeckChunks, writeDeckChunks } from "./repository.js";

/** One stored deck: its pitch and its key in the store. */
export type StoredDeck = { pitchId: string; key: string };

/**
 * Where decks' bytes live, read and written as streams (never whole in memory): PostgreSQL by
 * default, or S3-compatible object storage when S3_URL is set (docs/decisions/0065).
 */
export interface DeckStore {
  readonly kind: "postgres" | "s3";
  /** The key a pitch's deck is stored under (stored with the pitch, before its bytes are written). */
  keyFor(pitchId: string): string;
  /** Stores the file's bytes under the key; `db` is the transaction that inserted the pitch. */
  write(db: Db, deck: StoredDeck, filePath: string, bytes: number): Promise<void>;
  /** The deck's bytes as a stream. */
  read(db: Db, deck: StoredDeck): Promise<Readable>;
  remove(db: Db, decks: readonly StoredDeck[]): Promise<void>;
  /** Lets go of the store's connections on shutdown. */
  close?(): void;
}

/** The default: the bytes in pitch_deck_chunks, in the pitch's own transaction. */
export const postgresDeckStore: DeckStore = {
  kind: "postgres",
  keyFor: (pitchId) => pitchId,
  async write(db, deck, filePath) {
    await writeDeckChunks(db, deck.pitchId, filePath);
  },
  async read(db, deck) {
    return readDeckChunks(db, deck.pitchId);
  },
  async remove(db, decks) {
    await deleteDeckChunks(
      db,
      decks.map((deck) => deck.pitchId),
    );
  },
};
