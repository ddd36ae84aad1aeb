/** An HTTP failure carrying the server's `error` text (or a generic message) and the status. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own text, when its answer had one; screens that have their own fallback need to know. */
  readonly serverMessage: string | undefined;
  /** The answer's JSON as it came, for the screens whose errors carry more than a message. */
  readonly payload: unknown;

  constructor(message: string, status: number, serverMessage?: string, payload?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.payload = payload;
  }
}

/** The server's own words for a failed request, else the screen's fallback (a network error has none). */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

type RequestOptions = {
  signal?: AbortSignal | undefined;
  /** Decodes a successful answer's text (the blog's superjson); errors are plain JSON whatever this says. */
  decode?: ((text: string) => unknown) | undefined;
  /** Lets the request outlive the page (changes sent while the person leaves it). */
  keepalive?: boolean;
};

function errorText(payload: unknown): string | undefined {
  if (!payload || typeof payload !== "object") return undefined;
  const { error, message, json } = payload as { error?: unknown; message?: unknown; json?: unknown };
  if (typeof error === "string" && error.trim()) return error;
  // Password log-in and registration answer with `message`.
  if (typeof message === "string" && message.trim()) return message;
  // Some endpoints wrap the error one level down.
  if (json && typeof json === "object") {
    const nested = (json as { error?: unknown }).error;
    if (typeof nested === "string" && nested.trim()) return nested;
  }
  return undefined;
}

async function request<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
    signal: options.signal ?? null,
    keepalive: options.keepalive ?? false,
  });

  const text = await response.text();
  if (response.ok && options.decode) return options.decode(text) as T;
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      // A proxy or crash page is not JSON; the status below still tells what happened.
      payload = null;
    }
  }

  if (!response.ok) {
    const serverMessage = errorText(payload);
    throw new ApiError(
      serverMessage ?? `Request failed with status ${response.status}`,
      response.status,
      serverMessage,
      payload,
    );
  }
  return payload as T;
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>("GET", path, undefined, options);
}

export function apiPost<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>("POST", path, body, options);
}

export function apiPut<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>("PUT", path, body, options);
}

export function apiPatch<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>("PATCH", path, body, options);
}

export function apiDelete<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>("DELETE", path, undefined, options);
}
