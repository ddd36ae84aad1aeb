import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { loginHref } from "../../shared/auth-form-post.js";
import { faqJsonLd } from "../../shared/faq.js";
import { HOME_META } from "../../shared/home-meta.js";
import { NOT_FOUND_META, pageMetaFor } from "../../shared/page-meta.js";
import type { Config } from "../config.js";
import { KeptBody, sendHtml } from "../http/compressed-answers.js";
import {
  type AppConfigForClient,
  HtmlShell,
  type PageHead,
  type PageResolution,
  type PageResolver,
} from "../http/html-shell.js";
import { requestedPath } from "../http/not-found.js";
import { type ServerRendered, ServerRenderer } from "./ssr.js";

/** A rendered page differs with the session cookie (signed in or not) and with the encoding. */
const PAGE_VARY = "Cookie, Accept-Encoding";

const NOT_FOUND: PageResolution = { status: 404, head: NOT_FOUND_META };

/**
 * The home page's head also carries its questions and answers as structured data (FAQPage); a
 * resolver gives them with their counts (homePageResolver), this is the head without the counts.
 */
const HOME: PageResolution = { status: 200, head: { ...HOME_META, jsonLd: () => faqJsonLd(undefined) } };

/**
 * The status and head of a page path: a fixed page (PAGE_META), else the first domain resolver that
 * owns the path (a blog post, a fund), else Not Found. Synchronous while the resolvers are: a
 * resolver answers at once for a path it does not own, and a page's answer should not wait a turn
 * of the event loop per resolver it passes.
 */
function resolvePage(pathname: string, resolvers: readonly PageResolver[]): PageResolution | Promise<PageResolution> {
  const meta = pageMetaFor(pathname);
  if (meta && meta !== HOME_META) return { status: 200, head: meta };
  const fallback = meta === HOME_META ? HOME : NOT_FOUND;
  const from = (first: number): PageResolution | Promise<PageResolution> => {
    for (let at = first; at < resolvers.length; at += 1) {
      const resolution = (resolvers[at] as PageResolver)(pathname);
      if (resolution instanceof Promise) return resolution.then((found) => found ?? from(at + 1));
      if (resolution) return resolution;
    }
    return fallback;
  };
  return from(0);
}

/**
 * The build's stylesheets written into the page itself: on a phone network a separate stylesheet
 * costs a round trip before anything can paint (about 0.5 s of the largest paint in Lighthouse's
 * mobile runs), while the whole sheet compresses to about 13 KB. The CSP already allows inline
 * styles. A sheet that is missing or could close the style element stays a link.
 */
export async function inlineStylesheets(template: string, clientDir: string): Promise<string> {
  let html = template;
  for (const match of template.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)) {
    const [tag, href] = match;
    if (!href) continue;
    const css = await readFile(path.join(clientDir, href), "utf8").catch(() => undefined);
    if (css === undefined || /<\/style/i.test(css)) continue;
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  return html;
}

/**
 * Serves the built client: hashed assets cached for a year, and every page path gets index.html
 * with that page's head. Registered on the root instance, since it owns the root 404 handler.
 */
export async function registerClientApp(
  app: FastifyInstance,
  config: Config,
  clientConfig: AppConfigForClient,
  resolvers: readonly PageResolver[] = [],
  /** What a visitor's page depends on beyond its URL (data versions); undefined for a signed-in request. */
  visitorKey: (request: FastifyRequest) => string | undefined | Promise<string | undefined> = () => undefined,
): Promise<ServerRenderer | undefined> {
  const clientDir = config.CLIENT_DIR;
  const indexFile = clientDir ? path.join(clientDir, "index.html") : undefined;
  if (!clientDir || !indexFile || !existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: `Not found: ${requestedPath(request)}` }),
    );
    return undefined;
  }
  const template = await inlineStylesheets(await readFile(indexFile, "utf8"), clientDir);
  const shell = new HtmlShell(template, clientConfig);
  // The whole page of a visitor's rendered app, kept with it (a kept visitor's page is then sent as
  // it is) with its compressed copies. A rendered app stands for one URL at one state of the data,
  // which also decides the page's head, so the origin is the only other key.
  type KeptPage = { origin: string; html: KeptBody };
  const pages = new WeakMap<ServerRendered, KeptPage>();
  const pageOf = (rendered: ServerRendered, head: PageHead, origin: string): KeptBody => {
    const kept = pages.get(rendered);
    if (kept && kept.origin === origin) return kept.html;
    const html = new KeptBody(shell.renderWithApp(head, origin, rendered));
    pages.set(rendered, { origin, html });
    return html;
  };
  const renderer = await ServerRenderer.load(
    config.SSR_ENTRY,
    clientDir,
    JSON.stringify(clientConfig),
    app.log,
    template.length,
  );
  await app.register(fastifyStatic, {
    root: clientDir,
    // The .br and .gz copies the build wrote next to each asset, for clients that accept them.
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const query = request.url.indexOf("?");
    const pathname = query === -1 ? request.url : request.url.slice(0, query);
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !path.extname(pathname);
    if (!wantsPage) return reply.status(404).send({ error: `Not found: ${requestedPath(request)}` });
    // Unknown paths still get the app (it renders the Not Found page) but with a 404 status for crawlers.
    const resolving = resolvePage(pathname, resolvers);
    const page = resolving instanceof Promise ? await resolving : resolving;
    if (page.status === 301) {
      return reply.redirect(query === -1 ? page.location : page.location + request.url.slice(query), 301);
    }
    const origin = config.APP_ORIGIN;
    let result: Awaited<ReturnType<ServerRenderer["render"]>>;
    if (renderer?.rendersPath(pathname)) {
      const keying = visitorKey(request);
      const key = keying instanceof Promise ? await keying : keying;
      // A visitor's kept page is taken without a promise of its own; anything else is rendered.
      const membersOnly = renderer.membersOnly(pathname);
      const kept = key === undefined || membersOnly ? undefined : renderer.kept(request.url, key);
      result = kept
        ? { rendered: kept, setCookie: [] }
        : await renderer.render(app, request, key, page.status === 200 && !membersOnly);
      // Rendered without a session (none, or one that ended): the login page, then back here.
      if (membersOnly && result && !result.rendered.personal) {
        if (result.setCookie.length > 0) reply.header("set-cookie", result.setCookie);
        return reply
          .header("cache-control", "no-store")
          .header("vary", "Cookie")
          .redirect(loginHref({ next: request.url }), 303);
      }
    }
    if (!result) {
      reply.status(page.status).header("cache-control", "no-cache").type("text/html; charset=utf-8");
      return sendHtml(request, reply, shell.render(page.head, origin));
    }
    const { rendered, setCookie } = result;
    if (setCookie.length > 0) reply.header("set-cookie", setCookie);
    // A signed-in visitor's page carries their data: no shared cache may keep it.
    reply
      .status(page.status)
      .header("cache-control", rendered.personal ? "private, no-cache" : "no-cache")
      .type("text/html; charset=utf-8");
    // A signed-in visitor's page is made for this one answer: compressed once, not kept.
    return rendered.personal
      ? sendHtml(request, reply, shell.renderWithApp(page.head, origin, rendered), PAGE_VARY)
      : sendHtml(request, reply, pageOf(rendered, page.head, origin), PAGE_VARY);
  });
  return renderer;
}
