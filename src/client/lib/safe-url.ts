/**
 * Fund links come from imported spreadsheets, so only http(s) addresses become links; anything else
 * (javascript:, data:, typos) is not rendered as a link at all.
 */
export function safeExternalUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value.trim()) ? value.trim() : `https://${value.trim()}`;
  try {
    const url = new URL(candidate);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** 'https://www.example.com/' -> 'example.com', for link text. */
export function displayHost(url: URL): string {
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.hostname.replace(/^www\./, "")}${path}`;
}
