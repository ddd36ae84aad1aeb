import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { DeckStore } from "./deck-store.js";
import type { S3Location } from "./s3-url.js";

/**
 * Decks in an S3-compatible bucket (S3_URL), under `decks/<pitch id>.pdf`: written from the spooled
 * upload as a stream of known length and read back as a stream, so neither way holds a deck whole in
 * memory. Path-style addresses, which every S3-compatible store answers (MinIO, s3rver, AWS).
 */
export function s3DeckStore(location: S3Location): DeckStore & { client: S3Client } {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    // Checksums only where S3 asks for them: a streamed upload with a default checksum goes out
    // aws-chunked, which S3-compatible stores other than AWS (MinIO versions, s3rver) store verbatim.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  return {
    kind: "s3",
    client,
    keyFor: (pitchId) => `decks/${pitchId}.pdf`,
    async write(_db, deck, filePath, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: deck.key,
          Body: createReadStream(filePath),
          ContentLength: bytes,
          ContentType: "application/pdf",
        }),
      );
    },
    async read(_db, deck) {
      const answer = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: deck.key }));
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) throw new Error(`the deck ${deck.key} has no body`);
      return Readable.fromWeb(body.transformToWebStream() as never);
    },
    close() {
      client.destroy();
    },
    async remove(_db, decks) {
      for (const deck of decks) {
        await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: deck.key }));
      }
    },
  };
}
