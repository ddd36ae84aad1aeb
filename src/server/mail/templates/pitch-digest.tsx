import { Section, Text } from "@react-email/components";
import { countOf } from "../../../shared/inflect.js";
import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts, TextLink } from "./layout.js";

/** One new pitch as the digest lists it: the startup, what it raises, the message's first line. */
export type DigestPitch = { id: string; startupName: string; facts: string; messageLine: string };

type Props = { fundName: string; pitches: DigestPitch[]; inboxUrl: string; unsubscribeUrl: string };

function Item({ pitch }: { pitch: DigestPitch }) {
  return (
    <Section style={{ margin: "0 0 12px", padding: "12px 16px", borderRadius: "8px", background: "#f8fafc" }}>
      <Text style={{ margin: 0, fontSize: "15px", lineHeight: "1.5", fontWeight: 600 }}>{pitch.startupName}</Text>
      {pitch.facts ? (
        <Text style={{ margin: "2px 0 0", fontSize: "14px", lineHeight: "1.5", color: "#475569" }}>{pitch.facts}</Text>
      ) : null}
      <Text style={{ margin: "4px 0 0", fontSize: "14px", lineHeight: "1.5", color: "#0f172a" }}>
        {pitch.messageLine}
      </Text>
    </Section>
  );
}

/**
 * The daily digest of new pitches to a fund (list mail, sent through sendListMail to each member of
 * its team): each new pitch in a line or two, and one link to the fund's inbox, where the decks are.
 */
export function PitchDigestEmail({ fundName, pitches, inboxUrl, unsubscribeUrl }: Props) {
  const summary = `${countOf(pitches.length, "new pitch", "new pitches")} to ${fundName} on FundMatch`;
  return (
    <EmailLayout
      preview={summary}
      footerNote={
        <>
          You receive this because you are on {fundName}'s team on FundMatch and the new pitches digest is on.{" "}
          <TextLink href={unsubscribeUrl}>Turn off the new pitches digest</TextLink>
        </>
      }
    >
      <P>{`${summary}:`}</P>
      {pitches.map((pitch) => (
        <Item key={pitch.id} pitch={pitch} />
      ))}
      <Action href={inboxUrl} label="Open the inbox" />
    </EmailLayout>
  );
}

export async function pitchDigestEmail(input: Props): Promise<Omit<MailMessage, "to" | "headers">> {
  return {
    subject: `${countOf(input.pitches.length, "new pitch", "new pitches")} to ${input.fundName}`,
    ...(await renderParts(<PitchDigestEmail {...input} />)),
  };
}
