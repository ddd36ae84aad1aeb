import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import type { CSSProperties, ReactElement, ReactNode } from "react";
import { BRAND_NAME, CONTACT_EMAIL, PRODUCT_NAME } from "../../../shared/site.js";

/**
 * Who sends the e-mails, in every footer: one constant so that a postal address, once the
 * company has one to publish, is added in one place. Until then the contact address stands in.
 */
export const MAIL_SENDER = {
  name: `${BRAND_NAME} – ${PRODUCT_NAME}`,
  contact: CONTACT_EMAIL,
} as const;

const FONT = "-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif";
const INK = "#0f172a";
const MUTED = "#475569";
const ACCENT = "#4338ca";

/**
 * Every link in an e-mail's text: the accent colour and an underline, so that it never looks like
 * the text around it (a muted footer link used to be the footer's own grey, with no underline).
 * react-email's Link writes `text-decoration-line: none` unless told otherwise.
 */
export function TextLink({ href, children, style }: { href: string; children: ReactNode; style?: CSSProperties }) {
  return (
    <Link href={href} style={{ ...style, color: ACCENT, textDecorationLine: "underline" }}>
      {children}
    </Link>
  );
}

/** One paragraph of the body. */
export function P({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text style={{ margin: "0 0 16px", fontSize: "15px", lineHeight: "1.6", color: muted ? MUTED : INK }}>
      {children}
    </Text>
  );
}

/**
 * The one thing to do: a button, and the address itself for clients that do not show buttons.
 * In the plain-text part only the address is left, on a line of its own (the button and the
 * "if the button does not work" lead-in are skipped there).
 */
export function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Button
        href={href}
        data-skip-in-text="true"
        style={{
          display: "inline-block",
          padding: "12px 20px",
          borderRadius: "8px",
          background: ACCENT,
          color: "#ffffff",
          textDecoration: "none",
          fontWeight: 600,
          fontSize: "15px",
        }}
      >
        {label}
      </Button>
      <Text style={{ margin: "16px 0 0", fontSize: "13px", lineHeight: "1.6", color: MUTED }}>
        <span data-skip-in-text="true">
          If the button does not work, copy this address into your browser:
          <br />
        </span>
        <TextLink href={href} style={{ wordBreak: "break-all" }}>
          {href}
        </TextLink>
      </Text>
    </Section>
  );
}

/** Header with the product's name, the body, the sign-off, and the footer with who sends it. */
export function EmailLayout({
  preview,
  children,
  footerNote,
}: {
  preview: string;
  children: ReactNode;
  footerNote?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: "24px 12px", background: "#f8fafc", fontFamily: FONT }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto" }}>
          <Text style={{ margin: "0 0 16px", fontSize: "20px", fontWeight: 700, color: ACCENT }}>{BRAND_NAME}</Text>
          <Section style={{ padding: "32px", borderRadius: "16px", background: "#ffffff", color: INK }}>
            <P>Hello,</P>
            {children}
            <Text style={{ margin: 0, fontSize: "15px", color: MUTED }}>{`The ${BRAND_NAME} team`}</Text>
          </Section>
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 12px" }} />
          {footerNote ? (
            <Text style={{ margin: "0 0 8px", fontSize: "12px", lineHeight: "1.5", color: MUTED }}>{footerNote}</Text>
          ) : null}
          <Text style={{ margin: 0, fontSize: "12px", lineHeight: "1.5", color: MUTED }}>
            {`${MAIL_SENDER.name} · `}
            <TextLink href={`mailto:${MAIL_SENDER.contact}`}>{MAIL_SENDER.contact}</TextLink>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * Both parts from the one template: HTML, and plain text derived from that same HTML. (render's
 * plainText option renders the tree a second time and converts the same markup: once is enough,
 * and halves the cost of a run of a thousand alerts.)
 */
export async function renderParts(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html).trim() };
}
