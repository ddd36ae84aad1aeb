/** Where the decks go in S3-compatible storage, read from S3_URL. */
export type S3Location = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * S3_URL: `https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[?region=eu-west-1]` (http for a local
 * peer). The bucket is the path's one segment; the keys are URL-encoded like any URL's user and
 * password. Undefined when the URL lacks any of them.
 */
export function parseS3Url(value: string): S3Location | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ""));
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (!bucket || bucket.includes("/") || !accessKeyId || !secretAccessKey) return undefined;
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region: url.searchParams.get("region") || "us-east-1",
    accessKeyId,
    secretAccessKey,
  };
}
