/**
 * The client's page paths, so that the server can answer unknown paths with a 404 status while
 * still serving the app's Not Found page. Keep in step with src/client/app/router.tsx.
 */
export const CLIENT_PATH_PATTERNS: readonly RegExp[] = [/^\/$/];

export function isKnownClientPath(pathname: string): boolean {
  return CLIENT_PATH_PATTERNS.some((pattern) => pattern.test(pathname));
}
