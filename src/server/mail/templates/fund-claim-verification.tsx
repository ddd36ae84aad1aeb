import { CLAIM_LINK_TTL_MS } from "../../../shared/fund-team.js";
import { countOf, possessive } from "../../../shared/inflect.js";
import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts } from "./layout.js";

type Props = { to: string; fundName: string; link: string };

const HOURS = CLAIM_LINK_TTL_MS / (60 * 60 * 1000);

/** "Claim this profile" with an address at the fund's domain: the single-use link that proves it. */
export function FundClaimVerificationEmail({ to, fundName, link }: Props) {
  return (
    <EmailLayout preview={`Confirm that you are on ${possessive(fundName)} team.`}>
      <P>
        Someone signed in to FundMatch claimed the profile of {fundName} with this address ({to}). If that was you,
        confirm here while signed in to the same account:
      </P>
      <Action href={link} label={`Join ${possessive(fundName)} team`} />
      <P>
        The link is valid for {countOf(HOURS, "hour", "hours")} and can be used once. Once confirmed, your account can
        edit {possessive(fundName)} profile on FundMatch.
      </P>
      <P>If you did not claim this fund, ignore this e-mail: nothing changes.</P>
    </EmailLayout>
  );
}

export async function fundClaimVerificationEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    subject: `Confirm your claim of ${input.fundName} on FundMatch`,
    ...(await renderParts(<FundClaimVerificationEmail {...input} />)),
  };
}
