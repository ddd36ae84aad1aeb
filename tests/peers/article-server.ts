import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the article server received it. */
export type ArticleRequest = { method: string; path: string; headers: IncomingHttpHeaders };

export type ArticlePeer = {
  /** http://127.0.0.1:<port> (or http://[::1]:<port>). */
  origin: string;
  /** "host:port" as AI_WRITER_ALLOW_HOSTS takes it. */
  hostPort: string;
  port: number;
  /** Every request received, in order, recorded before it is answered. */
  requests: ArticleRequest[];
  /** Paths answered with a 302 to the given location; tests add their own. */
  redirects: Map<string, string>;
  url(path: string): string;
  /** Resolves once a client that asked for the path has hung up without an answer (see /slow). */
  abandoned(path: string): Promise<void>;
  close(): Promise<void>;
};

/** A string inside the article page's scripts: it must never reach the LLM. */
export const SCRIPT_MARKER = "SCRIPT_MARKER_d41d8cd98f00";
/** A sentence of the article's body: it must reach the LLM. */
export const ARTICLE_SENTENCE =
  "European startups raised 4.2 billion euros in seed rounds in the first quarter, the highest figure on record.";
export const ARTICLE_TITLE = "Seed rounds reach a record in Europe";
export const SECOND_SENTENCE =
  "Climate-tech funds closed eleven new vehicles this year, more than in the three years before combined.";
export const SECOND_TITLE = "Climate funds close a record number of vehicles";
export const LATIN1_SENTENCE =
  "Investors in Zürich and Genève backed more fintech founders than ever before this spring.";

const paragraphs = (lead: string, topic: string) =>
  [
    lead,
    `Analysts at the fund tracker said the ${topic} numbers were driven by larger rounds rather than more of them.`,
    `The median ${topic} deal grew to 2.5 million euros, up from 1.9 million a year earlier, according to the report.`,
    `Founders who raised in the period said investors asked for longer runways and clearer paths to revenue.`,
    `Several investors expect the ${topic} trend to hold for the rest of the year if interest rates stay where they are.`,
  ]
    .map((text) => `<p>${text}</p>`)
    .join("\n");

/** A realistic news page: scripts (with the marker), navigation, a cookie banner, the article, a footer. */
function articlePage(title: string, lead: string, topic: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title} | Example News</title>
  <meta property="og:site_name" content="Example News">
  <script>window.analytics = { id: "${SCRIPT_MARKER}" };</script>
  <style>body { font-family: serif; }</style>
</head>
<body>
  <nav><a href="/">Home</a> <a href="/markets">Markets</a> <a href="/about">About Example News</a></nav>
  <div class="cookie-banner">We use cookies. <button>Accept</button></div>
  <main>
    <article>
      <h1>${title}</h1>
      <p class="byline">By Jane Doe</p>
      ${paragraphs(lead, topic)}
      <script>document.write("${SCRIPT_MARKER}")</script>
    </article>
  </main>
  <footer><p>Copyright 2026 Example News. All rights reserved.</p><a href="/privacy">Privacy</a></footer>
</body>
</html>`;
}

/** How deep /deep nests its divs. */
export const DEEP_LEVELS = 100_000;

/** Chains of 250 nested divs, each ending in a short paragraph: seconds to read, yet within the depth bound. */
function heavyPage(): string {
  const chain = `${"<div>".repeat(250)}<p>short</p>${"</div>".repeat(250)}`;
  return `<!doctype html><html><head><title>Heavy</title></head><body>${chain.repeat(6)}</body></html>`;
}

const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) =>
  res.writeHead(status, { "content-type": type }).end(body);

/**
 * A news site as a real HTTP server on a free loopback port, for the AI writer's tests:
 * /article and /second (articles), /latin1 (an article in ISO-8859-1), /moved (302 to /article),
 * /missing (404), /huge (3 MB, chunked), /report.pdf (not HTML), /empty (no article text),
 * /deep (nested far too deep), /heavy (slow to read), /slow (never answered; the connection closes when the client gives up), and the redirects a
 * test adds. Every request is recorded.
 */
export async function startArticlePeer(host: "127.0.0.1" | "::1" = "127.0.0.1", listenPort = 0): Promise<ArticlePeer> {
  const requests: ArticleRequest[] = [];
  const redirects = new Map<string, string>();
  const abandonedPaths: string[] = [];
  const waiters = new Set<() => void>();

  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ method: req.method ?? "GET", path, headers: req.headers });
    // A client that leaves mid-answer (the huge page) is not an error here.
    res.on("error", () => {});
    const redirect = redirects.get(path);
    if (redirect) {
      res.writeHead(302, { location: redirect }).end();
      return;
    }
    switch (path) {
      case "/article":
        return send(res, 200, "text/html; charset=utf-8", articlePage(ARTICLE_TITLE, ARTICLE_SENTENCE, "seed"));
      case "/second":
        return send(res, 200, "text/html", articlePage(SECOND_TITLE, SECOND_SENTENCE, "climate"));
      case "/latin1":
        return send(
          res,
          200,
          "text/html; charset=ISO-8859-1",
          Buffer.from(articlePage("Swiss fintech rounds", LATIN1_SENTENCE, "fintech"), "latin1"),
        );
      case "/moved":
        res.writeHead(302, { location: "/article" }).end();
        return;
      case "/missing":
        return send(res, 404, "text/html", "<html><body><h1>Not found</h1></body></html>");
      case "/report.pdf":
        return send(res, 200, "application/pdf", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"));
      case "/empty":
        return send(res, 200, "text/html", "<html><head><title>Sign in</title></head><body><p>Sign in.</p></body>");
      case "/huge": {
        // No Content-Length: the reader must count the bytes itself and stop.
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = `<p>${"filler text ".repeat(5_000)}</p>\n`;
        let sent = 0;
        const more = () => {
          while (sent < 3 * 1024 * 1024 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          res.end();
        };
        res.write("<!doctype html><html><body><article>");
        more();
        return;
      }
      case "/deep":
        // 100,000 nested divs in about 600 KB: minutes of Readability, refused by the depth check.
        return send(res, 200, "text/html", `<!doctype html><html><body>${"<div>".repeat(DEEP_LEVELS)}</body></html>`);
      case "/heavy":
        // Within the depth bound, yet seconds of Readability: read off the server's thread.
        return send(res, 200, "text/html", heavyPage());
      case "/slow":
        // Never answered: the only way this request ends is the client giving up.
        res.once("close", () => {
          abandonedPaths.push(path);
          for (const wake of waiters) wake();
        });
        return;
      default:
        return send(res, 404, "text/plain", "Not found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const hostPort = host === "::1" ? `[::1]:${port}` : `${host}:${port}`;
  const origin = `http://${hostPort}`;
  return {
    origin,
    hostPort,
    port,
    requests,
    redirects,
    url: (path) => `${origin}${path}`,
    abandoned: (path) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!abandonedPaths.includes(path)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
