import { Section, Text } from "@react-email/components";
import { countOf, plural } from "../../../shared/inflect.js";
import { PIPELINE_STATUS_LABELS, type PipelineStatus } from "../../../shared/pipeline.js";
import type { MailMessage } from "../mailer.js";
import { Action, EmailLayout, P, renderParts, TextLink } from "./layout.js";

/** One due next step: its fund, where the conversation stands, the note's first line and the date. */
export type ReminderItem = {
  fundName: string;
  fundUrl: string;
  status: PipelineStatus;
  noteLine: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Before today (UTC); a step due today is due, not overdue. */
  overdue: boolean;
};

type Props = { items: ReminderItem[]; today: string; pipelineUrl: string; unsubscribeUrl: string };

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Fri 27 Nov 2026": the weekday helps plan the day. Read in UTC, like the date the founder chose,
 * and spelled out here rather than by the runtime's locale data, so every server writes it alike.
 */
export function reminderDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

const OVERDUE = "#b91c1c";

function Item({ item }: { item: ReminderItem }) {
  return (
    <Section style={{ margin: "0 0 12px", padding: "12px 16px", borderRadius: "8px", background: "#f8fafc" }}>
      <Text style={{ margin: 0, fontSize: "15px", lineHeight: "1.5", fontWeight: 600 }}>
        <TextLink href={item.fundUrl}>{item.fundName}</TextLink>
      </Text>
      <Text style={{ margin: "2px 0 0", fontSize: "14px", lineHeight: "1.5", color: "#475569" }}>
        {PIPELINE_STATUS_LABELS[item.status]}
        {" · "}
        {item.overdue ? (
          <strong style={{ color: OVERDUE }}>{`Overdue: was due ${reminderDate(item.date)}`}</strong>
        ) : (
          <strong>{`Due today, ${reminderDate(item.date)}`}</strong>
        )}
      </Text>
      {item.noteLine ? (
        <Text style={{ margin: "4px 0 0", fontSize: "14px", lineHeight: "1.5", color: "#0f172a" }}>
          {`Note: ${item.noteLine}`}
        </Text>
      ) : null}
    </Section>
  );
}

/**
 * The daily pipeline reminder (list mail, sent through sendListMail): every next step due today or
 * overdue, oldest first, each with a link to its fund; one link to the whole pipeline.
 */
export function PipelineReminderEmail({ items, pipelineUrl, unsubscribeUrl }: Props) {
  const overdue = items.filter((item) => item.overdue).length;
  return (
    <EmailLayout
      preview={summary(items.length, overdue)}
      footerNote={
        <>
          You receive this because pipeline reminders are on for your account.{" "}
          <TextLink href={unsubscribeUrl}>Turn off pipeline reminders</TextLink>
        </>
      }
    >
      <P>{`${summary(items.length, overdue)}:`}</P>
      {items.map((item) => (
        <Item key={item.fundUrl} item={item} />
      ))}
      <P>Update a step's date or status in your pipeline once it is done, and we will remind you of the next one.</P>
      <Action href={pipelineUrl} label="Open your pipeline" />
    </EmailLayout>
  );
}

function summary(count: number, overdue: number): string {
  const steps = `${countOf(count, "next step", "next steps")} in your pipeline ${plural(count, "is", "are")} due`;
  return overdue === 0 ? steps : `${steps} (${overdue} overdue)`;
}

export async function pipelineReminderEmail(input: Props): Promise<Omit<MailMessage, "to" | "headers">> {
  const overdue = input.items.filter((item) => item.overdue).length;
  return {
    subject:
      overdue > 0
        ? `Pipeline reminder: ${input.items.length} due, ${overdue} overdue`
        : `Pipeline reminder: ${countOf(input.items.length, "next step", "next steps")} due today`,
    ...(await renderParts(<PipelineReminderEmail {...input} />)),
  };
}
