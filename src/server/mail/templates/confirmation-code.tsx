import { Text } from "@react-email/components";
import type { MailMessage } from "../mailer.js";
import { EmailLayout, P, renderParts } from "./layout.js";

type Props = { to: string; code: string; validMinutes: number };

/**
 * The one-time code that confirms a sensitive change to an account without a password (update
 * profile, set a password, deactivate, delete): a code to type, not a link to follow.
 */
export function ConfirmationCodeEmail({ code, validMinutes }: Props) {
  return (
    <EmailLayout preview={`Your FundMatch confirmation code: ${code}`}>
      <P>A change to your FundMatch account was asked for. To confirm it, use this code:</P>
      <Text
        style={{
          margin: "24px 0",
          fontSize: "28px",
          fontWeight: 700,
          letterSpacing: "6px",
          fontFamily: "ui-monospace,Menlo,Consolas,monospace",
        }}
      >
        {code}
      </Text>
      <P>{`The code is valid for ${validMinutes} minutes and works once. Type it on the Account Settings page.`}</P>
      <P>
        If you did not ask for it, someone may be using a browser where you are signed in: do not pass the code on to
        anyone. Without the code, nothing changes.
      </P>
    </EmailLayout>
  );
}

export async function confirmationCodeEmail(input: Props): Promise<MailMessage> {
  return {
    to: input.to,
    subject: `Your FundMatch confirmation code: ${input.code}`,
    ...(await renderParts(<ConfirmationCodeEmail {...input} />)),
  };
}
