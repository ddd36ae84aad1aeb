import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts } from "./layout.js";

type Props = { to: string; link: string; planName: string; existingAccount?: boolean | undefined };

/**
 * After a guest checkout: the account exists, the person chooses its password through a one-time
 * link. `existingAccount`: the address already had an account that nobody had proven to own, so
 * the payment went to it and its sign-ins were ended (docs/security.md, "Proof of an address").
 */
export function SetPasswordEmail({ to, link, planName, existingAccount }: Props) {
  return (
    <EmailLayout preview={`Your payment for FundMatch ${planName} went through: choose your password.`}>
      <P>
        Thank you for your purchase: your payment for <strong>FundMatch {planName}</strong> went through.
      </P>
      <P>
        {existingAccount
          ? `Your purchase is on the FundMatch account for this e-mail address (${to}). To use it, choose a password here (any earlier sign-in to that account has ended):`
          : `We created a FundMatch account for you with this e-mail address (${to}). To start using it, choose your password here:`}
      </P>
      <Action href={link} label="Set your password" />
      <P>
        The link is valid for 24 hours and can be used once. If it has expired, reply to this e-mail and we will send
        you a new one.
      </P>
      <P>If you did not make this purchase, do not use the link: reply to this e-mail and we will look into it.</P>
    </EmailLayout>
  );
}

export async function setPasswordEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    subject: "Set your FundMatch password",
    ...(await renderParts(<SetPasswordEmail {...input} />)),
  };
}
