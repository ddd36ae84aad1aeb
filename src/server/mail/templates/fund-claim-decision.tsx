import { possessive } from "../../../shared/inflect.js";
import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts } from "./layout.js";

type Props =
  | { to: string; fundName: string; decision: "approved"; editorLink: string }
  | { to: string; fundName: string; decision: "refused"; reason: string | null };

/** An admin's decision on a claim that went to review: the claimant hears either way. */
export function FundClaimDecisionEmail(props: Props) {
  if (props.decision === "approved") {
    return (
      <EmailLayout preview={`You're now on ${possessive(props.fundName)} team on FundMatch.`}>
        <P>
          Our team approved your claim: your FundMatch account is now a member of {possessive(props.fundName)} team and
          can edit the fund's profile.
        </P>
        <Action href={props.editorLink} label="Edit the fund's profile" />
      </EmailLayout>
    );
  }
  return (
    <EmailLayout preview={`Your claim of ${props.fundName} on FundMatch was not approved.`}>
      <P>Our team reviewed your claim of {possessive(props.fundName)} profile and could not approve it.</P>
      {props.reason ? <P>Reason: {props.reason}</P> : null}
      <P>
        If you are on the fund's team, claim it again from the fund's page with an address at the fund's own domain: the
        link we send there needs no review.
      </P>
    </EmailLayout>
  );
}

export async function fundClaimDecisionEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    subject:
      input.decision === "approved"
        ? `Your claim of ${input.fundName} was approved`
        : `Your claim of ${input.fundName} was not approved`,
    ...(await renderParts(<FundClaimDecisionEmail {...input} />)),
  };
}
