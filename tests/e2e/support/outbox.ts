import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Without SMTP_URL the server writes each e-mail to DATA_DIR/outbox; the set-password link a
 * guest gets after paying is in its text. Polls the directory (the e-mail is written right after
 * the payment is applied) and answers the link's path and query.
 */
export async function setPasswordLinkFor(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const name of files) {
      // Quoted-printable: undo soft line breaks and the escaped "=".
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      if (!text.includes(to)) continue;
      const match = /https?:\/\/[^\s"<>]+\/set-password\?token=[A-Za-z0-9_-]+/.exec(text);
      if (match) return new URL(match[0]).pathname + new URL(match[0]).search;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no set-password e-mail to ${to} in ${outbox}`);
}

/** The path and query of the newest e-mailed link to `page` (e.g. "/reset-password") sent to `to`, waited for. */
export async function emailedLinkFor(to: string, page: string, newerThan = 0): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const pattern = new RegExp(`https?://[^\\s"<>]+${page}\\?token=[A-Za-z0-9_-]+`);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of files) {
      const file = path.join(outbox, name);
      if ((await stat(file)).mtimeMs < newerThan) continue;
      const text = (await readFile(file, "utf8")).replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      if (!text.includes(to)) continue;
      const match = pattern.exec(text);
      if (match) return new URL(match[0]).pathname + new URL(match[0]).search;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${page} e-mail to ${to} in ${outbox}`);
}
