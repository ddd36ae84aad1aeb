import { Text } from "@react-email/components";
import type { PassReason } from "../../../shared/pitches.js";
import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts } from "./layout.js";

type Props =
  | {
      to: string;
      fundName: string;
      startupName: string;
      decision: "meeting";
      /** The member who asked for the meeting: named in the text, and the reply goes to them. */
      memberName: string;
      memberEmail: string;
      pitchesUrl: string;
    }
  | {
      to: string;
      fundName: string;
      startupName: string;
      decision: "pass";
      reason: PassReason;
      note: string | null;
      pitchesUrl: string;
    };

/** The member's note, quoted as they wrote it (line breaks kept). */
function Quote({ text }: { text: string }) {
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
 * Transactional: the fund team's answer to a founder's pitch (issue 39). A meeting request names the
 * member, and a reply reaches them directly (Reply-To). A pass gives the reason and the note, kindly.
 */
export function PitchAnswerEmail(props: Props) {
  if (props.decision === "meeting") {
    return (
      <EmailLayout preview={`${props.fundName} would like to meet ${props.startupName}.`}>
        <P>
          Good news: {props.memberName} of {props.fundName} read your pitch for {props.startupName} and would like to
          meet.
        </P>
        <P>
          Reply to this e-mail to reach {props.memberName} directly at {props.memberEmail} and find a time together.
        </P>
        <Action href={props.pitchesUrl} label="See your pitches" />
      </EmailLayout>
    );
  }
  return (
    <EmailLayout preview={`${props.fundName} answered your pitch for ${props.startupName}.`}>
      {/* Only what happened: the team answered. Whether and how closely they read it is not ours to say. */}
      <P>
        Thank you for pitching {props.startupName} to {props.fundName}. The team has answered: they will not take it
        further for now.
      </P>
      <P>Their reason: {props.reason}.</P>
      {props.note ? (
        <>
          <P>Their note:</P>
          <Quote text={props.note} />
        </>
      ) : null}
      <P>
        An answer is worth having: many founders never get one. Other funds on FundMatch may be a closer fit, and your
        pipeline shows where each conversation stands.
      </P>
      <Action href={props.pitchesUrl} label="See your pitches" />
    </EmailLayout>
  );
}

export async function pitchAnswerEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    ...(input.decision === "meeting" ? { replyTo: input.memberEmail } : {}),
    subject:
      input.decision === "meeting"
        ? `${input.fundName} would like to meet ${input.startupName}`
        : `${input.fundName} answered your pitch for ${input.startupName}`,
    ...(await renderParts(<PitchAnswerEmail {...input} />)),
  };
}
