import { Section, Text } from "@react-email/components";
import { REPORT_FIELD_LABELS, type ReportField, type ReportOutcome } from "../../../shared/fund-report-texts.js";
import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts, TextLink } from "./layout.js";

type Props = {
  to: string;
  fundName: string;
  fundUrl: string;
  profileUrl: string;
  /** What the reporter said was outdated, and their note, so that they know which report this is. */
  field: ReportField;
  note: string;
  reportedOn: string;
  outcome: ReportOutcome;
  changedFields: ReportField[];
  reply: string;
};

/** The reply can hold line breaks: one line of text each, in both parts. */
function Lines({ text }: { text: string }) {
  return (
    <Text
      style={{
        margin: "0 0 16px",
        padding: "12px 16px",
        borderLeft: "3px solid #c7d2fe",
        background: "#f8fafc",
        fontSize: "15px",
        lineHeight: "1.6",
        color: "#0f172a",
        whiteSpace: "pre-line",
      }}
    >
      {text}
    </Text>
  );
}

/**
 * Transactional: the answer to a report the person sent, once, when an admin marks it done. It says
 * what changed on the fund, or that nothing needed to change, with the admin's reply.
 */
export function ReportClosedEmail(props: Props) {
  const changed = props.changedFields.map((field) => REPORT_FIELD_LABELS[field]);
  return (
    <EmailLayout preview={`Your report about ${props.fundName} has been reviewed.`}>
      <P>
        Thank you for reporting outdated info about <TextLink href={props.fundUrl}>{props.fundName}</TextLink> on{" "}
        {props.reportedOn} ({REPORT_FIELD_LABELS[props.field]}). Our data team has reviewed it.
      </P>
      {props.outcome === "updated" ? (
        <Section>
          <P>
            <strong>The fund was updated.</strong> What changed: {changed.join(", ")}.
          </P>
        </Section>
      ) : (
        <P>
          <strong>Nothing needed to change</strong> on the fund's page.
        </P>
      )}
      {props.reply ? (
        <>
          <P>Our data team's reply:</P>
          <Lines text={props.reply} />
        </>
      ) : null}
      <P muted>Your report: "{props.note}"</P>
      <Action href={props.fundUrl} label={`See ${props.fundName}`} />
      <P muted>
        Your profile lists every report you sent and its answer:{" "}
        <TextLink href={props.profileUrl}>{props.profileUrl}</TextLink>
      </P>
    </EmailLayout>
  );
}

export async function reportClosedEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    subject:
      input.outcome === "updated"
        ? `Your report about ${input.fundName}: the fund was updated`
        : `Your report about ${input.fundName}: reviewed`,
    ...(await renderParts(<ReportClosedEmail {...input} />)),
  };
}
