import { Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { countOf, plural } from "../../../shared/inflect.js";
import { BRAND_NAME } from "../../../shared/site.js";
import type { MailMessage } from "../mailer.js";
import { EmailLayout, P, renderParts, TextLink } from "./layout.js";

/** One changed fact: values null = not stated; withheld = a premium fact this reader does not see. */
export type AlertFactChange = { label: string; before: string | null; after: string | null; withheld: boolean };

export type AlertFund = {
  name: string;
  /** The fund page, absolute. */
  url: string;
  /** Why it matches: the search's own reasons for this fund. */
  reasons: string[];
  change: { kind: "new" } | { kind: "changed"; facts: AlertFactChange[] };
};

export type AlertSearch = {
  name: string;
  /** The search's filters in one line ('Seed · Fintech · Germany'). */
  summary: string;
  /** The search, run again on the site, absolute. */
  url: string;
  funds: AlertFund[];
  /** Matching news beyond the funds listed. */
  more: number;
};

type Props = {
  searches: AlertSearch[];
  /** Whether any of these searches was alerted before (else the news is since they were saved). */
  alertedBefore: boolean;
  /** Account Settings, absolute. */
  settingsUrl: string;
  unsubscribeUrl: string;
};

const MUTED = "#475569";
const INK = "#0f172a";

export function alertFundCount(searches: readonly AlertSearch[]): number {
  return searches.reduce((sum, search) => sum + search.funds.length + search.more, 0);
}

/** "Fund size: $100M → $150M", "Website: now example.com", "Portfolio: removed". */
export function factChangeText(fact: AlertFactChange): string {
  if (fact.withheld) return `${fact.label}: updated (the value is shown to active subscribers)`;
  if (fact.before === null) return `${fact.label}: now ${fact.after ?? "not stated"}`;
  if (fact.after === null) return `${fact.label}: ${fact.before} → no longer stated`;
  return `${fact.label}: ${fact.before} → ${fact.after}`;
}

function Line({ children, muted, size = 14 }: { children: ReactNode; muted?: boolean; size?: number }) {
  return (
    <Text style={{ margin: "0 0 4px", fontSize: `${size}px`, lineHeight: "1.5", color: muted ? MUTED : INK }}>
      {children}
    </Text>
  );
}

function FundItem({ fund }: { fund: AlertFund }) {
  return (
    <Section style={{ margin: "0 0 16px", paddingLeft: "12px", borderLeft: "3px solid #e0e7ff" }}>
      {/* The news first, then the name: in the plain-text part the link's address follows the name. */}
      <Text style={{ margin: "0 0 4px", fontSize: "15px", lineHeight: "1.5", fontWeight: 600, color: INK }}>
        {fund.change.kind === "new" ? "New fund: " : "Updated: "}
        <TextLink href={fund.url}>{fund.name}</TextLink>
      </Text>
      {fund.reasons.length > 0 ? <Line muted>{`Why it matches: ${fund.reasons.join(" · ")}`}</Line> : null}
      {fund.change.kind === "changed"
        ? fund.change.facts.map((fact) => <Line key={fact.label}>{`What changed: ${factChangeText(fact)}`}</Line>)
        : null}
    </Section>
  );
}

/** The weekly alert: per saved search, the funds added or changed since the last alert that it matches. */
export function SavedSearchAlertEmail({ searches, alertedBefore, settingsUrl, unsubscribeUrl }: Props) {
  const total = alertFundCount(searches);
  return (
    <EmailLayout
      preview={`${countOf(total, "fund", "funds")} new or updated in your saved searches.`}
      footerNote={
        <>
          You receive this weekly e-mail because alerts are on for these saved searches.{" "}
          <TextLink href={unsubscribeUrl}>Unsubscribe from saved search alerts</TextLink> or choose your e-mails in{" "}
          <TextLink href={settingsUrl}>Account Settings</TextLink>.
        </>
      }
    >
      <P>
        {alertedBefore
          ? "Since your last alert"
          : `Since you saved ${plural(searches.length, "your search", "your searches")}`}
        , {countOf(total, "fund", "funds")} matching {plural(searches.length, "it", "your saved searches")}{" "}
        {plural(total, "was", "were")} added to {BRAND_NAME} or had facts updated.
      </P>
      {searches.map((search) => (
        <Section key={search.url + search.name} style={{ margin: "0 0 24px" }}>
          <Text style={{ margin: "0 0 2px", fontSize: "17px", lineHeight: "1.4", fontWeight: 700, color: INK }}>
            {search.name}
          </Text>
          <Line muted size={13}>
            {search.summary}
          </Line>
          <Section style={{ margin: "12px 0 0" }}>
            {search.funds.map((fund) => (
              <FundItem key={fund.url} fund={fund} />
            ))}
          </Section>
          <Text style={{ margin: 0, fontSize: "14px", lineHeight: "1.5" }}>
            {search.more > 0 ? `And ${countOf(search.more, "more fund", "more funds")}. ` : ""}
            <TextLink href={search.url}>Open this search</TextLink>
          </Text>
        </Section>
      ))}
    </EmailLayout>
  );
}

export async function savedSearchAlertEmail(input: Props & { to: string }): Promise<MailMessage> {
  const total = alertFundCount(input.searches);
  const only = input.searches.length === 1 ? input.searches[0] : undefined;
  return {
    to: input.to,
    subject: only
      ? `${countOf(total, "new or updated fund", "new or updated funds")} for “${only.name}” on ${BRAND_NAME}`
      : `${countOf(total, "new or updated fund", "new or updated funds")} for your saved searches on ${BRAND_NAME}`,
    ...(await renderParts(<SavedSearchAlertEmail {...input} />)),
  };
}
