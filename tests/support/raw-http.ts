import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Requests sent over a real socket with the path exactly as written: app.inject and fetch both
 * normalise URLs (dot segments, backslashes), which would hide the spellings an attacker sends.
 */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `127.0.0.1:${port}`;
}

export function rawRequest(
  host: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const [hostname, port] = host.split(":");
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port: Number(port),
        method: options.method,
        path: options.path,
        headers: {
          ...(options.body !== undefined
            ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
        agent: false,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** The percent-encoding of one character, in lower or upper case hex. */
const pct = (char: string, upper = false) => {
  const hex = char.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/**
 * Ways of spelling a path that a guard keyed on the raw URL would miss: percent-encoded letters and
 * separators, double encoding, mixed case, doubled slashes, dot segments, a trailing slash, `;`
 * parameters and backslashes. Some reach the same route, some reach none; none may pass a guard.
 */
export function pathSpellings(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  const [first = "", second = "", ...rest] = segments;
  const last = segments.at(-1) ?? "";
  const join = (parts: string[]) => `/${parts.join("/")}`;
  const encodeFirstLetter = (segment: string, upper = false) =>
    segment.length > 0 ? pct(segment.charAt(0), upper) + segment.slice(1) : segment;
  const encodeLastLetter = (segment: string, upper = false) =>
    segment.length > 0 ? segment.slice(0, -1) + pct(segment.charAt(segment.length - 1), upper) : segment;
  const encodeAll = (segment: string) => [...segment].map((char) => pct(char)).join("");
  const spellings = [
    path,
    join([first, encodeFirstLetter(second), ...rest]),
    join([first, encodeLastLetter(second, true), ...rest]),
    join([encodeAll(first), second, ...rest]),
    join([first.replace("_", "%5F"), second, ...rest]),
    join([first, encodeAll(second), ...rest]),
    join([...segments.slice(0, -1), encodeFirstLetter(last)]),
    `${join([first, second])}%2F${rest.join("%2F")}`,
    `/${first}%2F${[second, ...rest].join("/")}`,
    join([first, `%25${pct(second.charAt(0)).slice(1)}${second.slice(1)}`, ...rest]),
    join([first.toUpperCase(), second, ...rest]),
    join([first, second.toUpperCase(), ...rest]),
    join([first, second.charAt(0).toUpperCase() + second.slice(1), ...rest]),
    `/${first}//${[second, ...rest].join("/")}`,
    `/${path}`,
    `/${first}/./${[second, ...rest].join("/")}`,
    `/${first}/x/../${[second, ...rest].join("/")}`,
    `/${first}/%2e/${[second, ...rest].join("/")}`,
    `/${first}/x/%2e%2e/${[second, ...rest].join("/")}`,
    `${path}/`,
    `${path}//`,
    `${path};x=1`,
    `/${first}/${second};x=1/${rest.join("/")}`,
    `/${first}\\${[second, ...rest].join("\\")}`,
    `/${first}/${second}%5C${rest.join("/")}`,
    `${path}?x=1`,
    `${path}%3Fx=1`,
    `${path}%00`,
    `${path}%20`,
  ];
  return [...new Set(spellings)];
}
