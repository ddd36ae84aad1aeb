import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts } from "./layout.js";

type Props = { to: string; link: string };

/** "Forgot password?": a one-hour, single-use link to choose a new password. */
export function PasswordResetEmail({ to, link }: Props) {
  return (
    <EmailLayout preview="Choose a new password for your FundMatch account.">
      <P>
        Someone (hopefully you) asked to reset the password of the FundMatch account for {to}. Choose a new password
        here:
      </P>
      <Action href={link} label="Choose a new password" />
      <P>
        The link is valid for one hour and can be used once. Using it signs out every other device signed in to your
        account.
      </P>
      <P>If you did not ask for this, ignore this e-mail: your password stays as it is.</P>
    </EmailLayout>
  );
}

export async function passwordResetEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    subject: "Reset your FundMatch password",
    ...(await renderParts(<PasswordResetEmail {...input} />)),
  };
}
