import { describe, expect, it } from "vitest";
import { fundClaimDecisionEmail, fundClaimVerificationEmail, pipelineReminderEmail } from "../templates.js";

/** The e-mails' counts and names go through src/shared/inflect.ts: no "1 next steps", no "Ventures's". */
describe("e-mail plurals and possessives", () => {
  it("writes a fund whose name ends in s with the apostrophe only", async () => {
    const verification = await fundClaimVerificationEmail({
      to: "ana@cherry.vc",
      fundName: "Cherry Ventures",
      link: "http://127.0.0.1/claim?token=x",
    });
    // The button's label is in the HTML part, where React escapes the apostrophe.
    expect(verification.html).toContain("Join Cherry Ventures&#x27; team");
    expect(verification.text).toContain("edit Cherry Ventures' profile");
    expect(`${verification.subject} ${verification.text} ${verification.html}`).not.toMatch(/Ventures('|&#x27;)s/);

    const approved = await fundClaimDecisionEmail({
      to: "ana@cherry.vc",
      fundName: "Cherry Ventures",
      decision: "approved",
      editorLink: "http://127.0.0.1/investor/funds/1",
    });
    expect(approved.text).toContain("a member of Cherry Ventures' team");
    const refused = await fundClaimDecisionEmail({
      to: "ana@acme.vc",
      fundName: "Acme Capital",
      decision: "refused",
      reason: null,
    });
    expect(refused.text).toContain("your claim of Acme Capital's profile");
  });

  it("counts one next step in the singular", async () => {
    const item = {
      fundName: "Acme Capital",
      fundUrl: "http://127.0.0.1/funds/1-acme-capital",
      status: "contacted" as const,
      noteLine: "",
      date: "2031-05-20",
      overdue: false,
    };
    const one = await pipelineReminderEmail({
      items: [item],
      today: "2031-05-20",
      pipelineUrl: "http://127.0.0.1/profile",
      unsubscribeUrl: "http://127.0.0.1/unsubscribe",
    });
    expect(one.subject).toBe("Pipeline reminder: 1 next step due today");
    expect(one.text).toContain("1 next step in your pipeline is due");
    const two = await pipelineReminderEmail({
      items: [item, { ...item, fundName: "Beta Partners" }],
      today: "2031-05-20",
      pipelineUrl: "http://127.0.0.1/profile",
      unsubscribeUrl: "http://127.0.0.1/unsubscribe",
    });
    expect(two.subject).toBe("Pipeline reminder: 2 next steps due today");
    expect(two.text).toContain("2 next steps in your pipeline are due");
  });
});
