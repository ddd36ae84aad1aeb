import type { ComponentProps } from "react";
import { FormField } from "./form-field.js";

type MoneyFieldProps = Omit<ComponentProps<typeof FormField>, "inputMode" | "autoComplete" | "type">;

/**
 * An amount as a founder types it ("750k", "$2M", "1,500,000", "€3m"): a text field without
 * autofill, read by the app's one amount reader (src/shared/money-text.ts). The phone's full
 * keyboard, not the decimal keypad: the keypad has no letters or currency signs, so "250k" and
 * "€3m" could not be typed on it.
 */
export function MoneyField(props: MoneyFieldProps) {
  return <FormField inputMode="text" autoComplete="off" spellCheck={false} {...props} />;
}
