import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts } from "./layout.js";

type Props = { to: string; planName: string; loginUrl: string };

/** A payment attached to an existing account: nothing to set up, just log in. */
export function PurchaseConfirmationEmail({ to, planName, loginUrl }: Props) {
  return (
    <EmailLayout preview={`FundMatch ${planName} is now active on your account.`}>
      <P>
        Thank you for your purchase: your payment went through and <strong>FundMatch {planName}</strong> is now active
        on your account ({to}).
      </P>
      <P>Log in to see every matching fund:</P>
      <Action href={loginUrl} label="Log in to FundMatch" />
      <P>If you did not make this purchase, reply to this e-mail and we will look into it.</P>
    </EmailLayout>
  );
}

export async function purchaseConfirmationEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    subject: `Your FundMatch ${input.planName} is active`,
    ...(await renderParts(<PurchaseConfirmationEmail {...input} />)),
  };
}
