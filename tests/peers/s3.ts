import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in account: the keys it accepts for signed requests. */
export const S3_PEER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3 peer on loopback (s3rver: the S3 REST API over a directory), as the other third parties
 * are run in the tests: the app talks to it through @aws-sdk/client-s3 exactly as to a bucket in the
 * cloud. Its port is the system's choice, so parallel suites never collide.
 */
export async function startS3Peer(bucket: string): Promise<{ url: string; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "fundmatch-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    url: `http://${S3_PEER_KEYS.accessKeyId}:${S3_PEER_KEYS.secretAccessKey}@127.0.0.1:${port}/${bucket}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
