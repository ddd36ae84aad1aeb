import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMessage, type SmtpPeer, startSmtpPeer } from "../../../tests/peers/smtp.js";
import { createMailer } from "./mailer.js";
import { MAIL_SENDER } from "./templates/layout.js";
import { confirmationCodeEmail, passwordResetEmail, purchaseConfirmationEmail, setPasswordEmail } from "./templates.js";

const FROM = "FundMatch <no-reply@fundmatch.example>";
const LINK = `https://fundmatch.example/set-password?token=${"A".repeat(43)}`;

/** A real pino logger whose lines are kept as objects. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

let outboxDir: string;
beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), "fundmatch-outbox-"));
});
afterAll(async () => {
  await rm(outboxDir, { recursive: true, force: true });
});

describe("the SMTP mailer", () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => peer?.close());

  it("delivers the message to the recipient with its subject and text", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: peer.url, from: FROM, outboxDir, logger });
    await mailer.send(await setPasswordEmail({ to: "guest@example.com", link: LINK, planName: "Lifetime" }));
    await mailer.close();

    const received = await peer.waitFor((message) => message.to.includes("guest@example.com"));
    expect(received.from).toBe("no-reply@fundmatch.example");
    expect(received.to).toEqual(["guest@example.com"]);
    expect(received.subject).toBe("Set your FundMatch password");
    expect(received.text).toContain("your payment for FundMatch Lifetime went through");
    expect(received.text).toContain(`\n${LINK}\n`);
    expect(received.text).toContain("valid for 24 hours and can be used once");
    expect(received.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(received.raw).toMatch(/Content-Type: text\/html/i);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "e-mail sent", to: "guest@example.com", subject: "Set your FundMatch password" }),
    );
    // The link is a credential: it is not logged when the mail really leaves.
    expect(JSON.stringify(lines)).not.toContain(LINK);
  });

  it.each([
    ["quoted-printable", `Grüße, Zoë 🚀 – ${"long line ".repeat(30)}end`],
    ["base64", "🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀 mostly not ASCII ✓✓✓✓✓✓"],
  ])("keeps non-ASCII text intact through %s", async (encoding, text) => {
    const mailer = createMailer({ smtpUrl: peer.url, from: FROM, outboxDir, logger: capturingLogger().logger });
    const to = `${encoding}@example.com`;
    await mailer.send({ to, subject: "Zoë's FundMatch 🚀", text });
    const received = await peer.waitFor((message) => message.to.includes(to));
    expect(received.raw).toMatch(new RegExp(`Content-Transfer-Encoding: ${encoding}`, "i"));
    expect(received.subject).toBe("Zoë's FundMatch 🚀");
    expect(received.text).toBe(text);
  });

  it("throws and logs when the server cannot be reached", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: FROM, outboxDir, logger });
    await expect(mailer.send({ to: "x@example.com", subject: "Hi", text: "Hello" })).rejects.toThrow();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: "e-mail could not be sent", to: "x@example.com", subject: "Hi" }),
    );
  });
});

describe("the outbox mailer (no SMTP_URL)", () => {
  it("writes each message as an .eml file and logs recipient, subject and text", async () => {
    const dir = path.join(outboxDir, "nested", "outbox");
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ from: FROM, outboxDir: dir, logger });
    const first = await purchaseConfirmationEmail({
      to: "ada@example.com",
      planName: "Premium",
      loginUrl: "https://fundmatch.example/login",
    });
    const second = await setPasswordEmail({ to: "guest@example.com", link: LINK, planName: "Premium" });
    await mailer.send(first);
    await mailer.send(second);
    await mailer.close();

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d{6}-[0-9a-f]{6}\.eml$/);

    const raws = await Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
    expect(raws[0]).toMatch(/^From: FundMatch <no-reply@fundmatch\.example>\r$/m);
    expect(raws[0]).toMatch(/^To: ada@example\.com\r$/m);
    expect(parseMessage(raws[0] ?? "")).toEqual({ subject: "Your FundMatch Premium is active", text: first.text });
    expect(parseMessage(raws[1] ?? "")).toEqual({ subject: "Set your FundMatch password", text: second.text });

    const logged = lines.filter((line) => line.msg === "e-mail written to the outbox (SMTP_URL is not set)");
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({
      level: 30,
      to: "guest@example.com",
      subject: "Set your FundMatch password",
      text: second.text,
      file: path.join(dir, files[1] ?? ""),
    });
    expect(String(logged[1]?.text)).toContain(LINK);
  });

  it("throws and logs when the outbox cannot be written", async () => {
    const { logger, lines } = capturingLogger();
    const blocked = path.join(outboxDir, "a-file");
    await writeFile(blocked, "not a directory");
    const mailer = createMailer({ from: FROM, outboxDir: path.join(blocked, "outbox"), logger });
    await expect(mailer.send({ to: "x@example.com", subject: "Hi", text: "Hello" })).rejects.toThrow();
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: "e-mail could not be written" }));
  });
});

describe("the e-mails", () => {
  it("tells a guest what happened and what to do", async () => {
    const message = await setPasswordEmail({ to: "guest@example.com", link: LINK, planName: "Lifetime" });
    expect(message.subject).toBe("Set your FundMatch password");
    expect(message.text).toContain("guest@example.com");
    expect(message.text).toContain("If you did not make this purchase");
    expect(message.html).toContain(`href="${LINK}"`);
  });

  it.each([
    ["set password", () => setPasswordEmail({ to: "guest@example.com", link: LINK, planName: "Lifetime" })],
    ["purchase", () => purchaseConfirmationEmail({ to: "a@example.com", planName: "Premium", loginUrl: LINK })],
    ["password reset", () => passwordResetEmail({ to: "a@example.com", link: LINK })],
    ["confirmation code", () => confirmationCodeEmail({ to: "a@example.com", code: "123456", validMinutes: 10 })],
  ])("%s: an HTML and a plain-text part from one template, with the sender in the footer", async (_name, build) => {
    const message = await build();
    expect(message.html).toMatch(/^<!DOCTYPE html/);
    expect(message.html).toContain(`${MAIL_SENDER.name} · `);
    expect(message.html).toContain(`mailto:${MAIL_SENDER.contact}`);
    expect(message.text).toMatch(/^FundMatch\n\nHello,\n\n/);
    expect(message.text).toContain("The FundMatch team");
    expect(message.text).toContain(MAIL_SENDER.contact);
    // No markup leaks into the text part; the one link (if any) stands on a line of its own.
    expect(message.text).not.toMatch(/<[a-z!]/i);
    if (message.html?.includes(LINK)) expect(message.text).toContain(`\n${LINK}\n`);
  });

  it("escapes what it puts into HTML", async () => {
    const message = await purchaseConfirmationEmail({
      to: "a<b>@example.com",
      planName: "<script>",
      loginUrl: 'https://x.example/login?a="1"&b=2',
    });
    expect(message.subject).toBe("Your FundMatch <script> is active");
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&lt;script&gt;");
    expect(message.html).toContain('href="https://x.example/login?a=&quot;1&quot;&amp;b=2"');
  });
});
