import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { parseS3Url } from "./s3-url.js";

describe("S3_URL", () => {
  it("reads the endpoint, bucket, region and keys", () => {
    expect(parseS3Url("https://AKIA%2B1:s%2Fecret@s3.eu-west-1.amazonaws.com/decks?region=eu-west-1")).toEqual({
      endpoint: "https://s3.eu-west-1.amazonaws.com",
      bucket: "decks",
      region: "eu-west-1",
      accessKeyId: "AKIA+1",
      secretAccessKey: "s/ecret",
    });
    expect(parseS3Url("http://k:s@127.0.0.1:4569/b")).toMatchObject({
      endpoint: "http://127.0.0.1:4569",
      region: "us-east-1",
    });
  });

  it("refuses a URL without its keys or bucket, at start-up", () => {
    expect(parseS3Url("https://s3.example/decks")).toBeUndefined();
    expect(parseS3Url("https://k:s@s3.example/")).toBeUndefined();
    expect(parseS3Url("https://k:s@s3.example/a/b")).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: "test", S3_URL: "https://s3.example/decks" })).toThrow(/S3_URL/);
    expect(loadConfig({ NODE_ENV: "test", S3_URL: "https://k:s@s3.example/decks" }).S3_URL).toBe(
      "https://k:s@s3.example/decks",
    );
  });
});
