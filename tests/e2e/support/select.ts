import { expect, type Page } from "./test.js";

/**
 * Picks an option of a Radix Select by the control's label. Radix drops a click that lands while
 * the list is still opening (about 1 run in 40 here), so the pick is retried until the control
 * shows the option.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole("combobox", { name: label });
  await expect(async () => {
    if (await page.getByRole("listbox").isVisible()) await page.keyboard.press("Escape");
    await select.click({ timeout: 2_000 });
    await page.getByRole("option", { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(select).toHaveText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
