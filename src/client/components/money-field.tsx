import type { ComponentProps } from "react";
import { FormField } from "./form-field.js";

type MoneyFieldProps = Omit<ComponentProps<typeof FormField>, "inputMode" | "autoComplete" | "type">;

/**
 * An amount in USD as a founder types it ("750k", "$2M", "1,500,000"): a text field with the
 * decimal keypad on phones and no autofill; the form's schema reads the text (parseUsdAmount, src/shared/search-params.ts).
 */
export function MoneyField(props: MoneyFieldProps) {
  return <FormField inputMode="decimal" autoComplete="off" {...props} />;
}
