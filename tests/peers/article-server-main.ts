import { startArticlePeer } from "./article-server.js";

/**
 * The article server as a process of its own, for the end-to-end tests: the AI writer of the
 * server under test reads its pages (AI_WRITER_ALLOW_HOSTS lets it past the private-address rule).
 */
const port = Number(process.env.ARTICLE_PEER_PORT ?? 3220);
const peer = await startArticlePeer("127.0.0.1", port);
console.log(`article server listening on ${peer.origin}`);
const stop = () => {
  void peer.close().then(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
