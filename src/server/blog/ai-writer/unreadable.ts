/**
 * Why one source article could not be used. The reason is written for the admin: it ends up in a
 * warning such as "Could not read https://x/y: the address is private or local."
 */
export class Unreadable extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "Unreadable";
  }
}

/** The warning shown for a source that could not be used. */
export const unreadableWarning = (url: string, reason: string) => `Could not read ${url}: ${reason}.`;
