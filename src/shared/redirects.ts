/** Paths that are redirected permanently (server 301, client replace). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  "/privacy-policy": "/privacy",
};
