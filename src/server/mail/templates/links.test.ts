import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import {
  confirmationCodeEmail,
  fundClaimDecisionEmail,
  fundClaimVerificationEmail,
  passwordResetEmail,
  pipelineReminderEmail,
  purchaseConfirmationEmail,
  reportClosedEmail,
  savedSearchAlertEmail,
  setPasswordEmail,
} from "../templates.js";

const ORIGIN = "https://fundmatch.example";

/** Every template, with what it links to. */
const EMAILS: Array<[string, () => Promise<{ html?: string | undefined }>]> = [
  ["confirmation code", () => confirmationCodeEmail({ to: "a@example.com", code: "123456", validMinutes: 10 })],
  [
    "claim approved",
    () =>
      fundClaimDecisionEmail({
        to: "a@example.com",
        fundName: "Alpha",
        decision: "approved",
        editorLink: `${ORIGIN}/investor/funds/1`,
      }),
  ],
  [
    "claim verification",
    () =>
      fundClaimVerificationEmail({ to: "a@example.com", fundName: "Alpha", link: `${ORIGIN}/claim/verify?token=t` }),
  ],
  ["password reset", () => passwordResetEmail({ to: "a@example.com", link: `${ORIGIN}/reset-password?token=t` })],
  [
    "pipeline reminder",
    () =>
      pipelineReminderEmail({
        items: [
          {
            fundName: "Alpha",
            fundUrl: `${ORIGIN}/funds/1-alpha`,
            status: "to_contact",
            noteLine: "Send the deck",
            date: "2026-03-01",
            overdue: true,
          },
        ],
        today: "2026-03-02",
        pipelineUrl: `${ORIGIN}/profile`,
        unsubscribeUrl: `${ORIGIN}/unsubscribe?token=t`,
      }),
  ],
  [
    "purchase confirmation",
    () => purchaseConfirmationEmail({ to: "a@example.com", planName: "Premium", loginUrl: `${ORIGIN}/login` }),
  ],
  [
    "report answered",
    () =>
      reportClosedEmail({
        to: "a@example.com",
        fundName: "Alpha",
        fundUrl: `${ORIGIN}/funds/1-alpha`,
        profileUrl: `${ORIGIN}/profile`,
        field: "website",
        note: "The site moved",
        reportedOn: "2026-03-01",
        outcome: "updated",
        changedFields: ["website"],
        reply: "",
      }),
  ],
  [
    "saved search alert",
    () =>
      savedSearchAlertEmail({
        to: "a@example.com",
        searches: [
          {
            name: "Seed",
            summary: "Seed",
            url: `${ORIGIN}/?search=1&stage=seed`,
            funds: [
              { name: "Alpha", url: `${ORIGIN}/funds/1-alpha`, reasons: ["Invests at Seed"], change: { kind: "new" } },
            ],
            more: 0,
          },
        ],
        alertedBefore: false,
        settingsUrl: `${ORIGIN}/account-settings#email`,
        unsubscribeUrl: `${ORIGIN}/unsubscribe?token=t`,
      }),
  ],
  [
    "set password",
    () => setPasswordEmail({ to: "a@example.com", link: `${ORIGIN}/set-password?token=t`, planName: "Premium" }),
  ],
];

/** An element's inline style, the last declaration of each property winning. */
function styleOf(element: Element): Map<string, string> {
  const style = new Map<string, string>();
  for (const declaration of (element.getAttribute("style") ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    // The shorthand sets the line too: whichever comes last decides.
    if (property === "text-decoration") style.set("text-decoration-line", value);
    style.set(property, value);
  }
  return style;
}

/** The colour of the text around an element: the nearest ancestor's own. */
function surroundingColour(element: Element): string | undefined {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const colour = styleOf(node).get("color");
    if (colour) return colour;
  }
  return undefined;
}

describe("links in every e-mail", () => {
  it.each(EMAILS)("%s: every link in the text is underlined and not the colour of its text", async (_name, build) => {
    const { html } = await build();
    const { document } = parseHTML(html ?? "");
    const links = [...document.querySelectorAll("a")];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const style = styleOf(link);
      // The one button of an e-mail is a filled box: it needs no underline.
      if (style.has("background") || style.has("background-color")) continue;
      const what = `${link.textContent} (${link.getAttribute("href")})`;
      expect(style.get("text-decoration-line"), what).toContain("underline");
      expect(style.get("color"), what).toBeDefined();
      expect(style.get("color"), what).not.toBe(surroundingColour(link));
    }
  });
});
