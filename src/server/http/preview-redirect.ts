/**
 * True when a request's host is a temporary hosting hostname (a suffix in PREVIEW_HOSTS) and should
 * be sent to PUBLIC_ORIGIN. Localhost and IP addresses never redirect.
 */
export function isPreviewHost(hostHeader: string | undefined, previewHosts: readonly string[]): boolean {
  if (!hostHeader || previewHosts.length === 0) return false;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || /^[\d.]+$/.test(host) || host.startsWith("["))
    return false;
  return previewHosts.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}
