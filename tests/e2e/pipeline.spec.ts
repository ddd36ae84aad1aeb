import { PIPELINE_TEXTS } from "../../src/shared/account-texts.js";
import { SUBSCRIBE_TEXTS } from "../../src/shared/subscribe-texts.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { becomeSubscriber } from "./support/subscriber.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * The fundraising pipeline: a subscriber (made through the demo checkout's API as a guest,
 * support/subscriber.ts, which needs no registration: the server allows few per IP and the other files need theirs) saves a fund,
 * moves it to Contacted with a note and a next step, and finds it so on /profile after a reload.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = Date.now().toString(36);
const email = `pipeline-${RUN}@example.com`;
const NOTE = "Met Dana at the demo day. Send the deck by Friday.";
/** Set SCREENSHOTS=dir to keep the list's committed card at 375 and 1280 px. */
const SCREENSHOTS = process.env.SCREENSHOTS;

const results = (page: Page) => page.getByRole("region", { name: "Your VC Matches" });
const updateAnswered = (page: Page, field: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith("/_api/user/saved-fund/update") && (response.request().postData() ?? "").includes(field),
  );

test("a subscriber saves a fund, moves it to Contacted with a note, and sees it on /profile after a reload", async ({
  page,
}) => {
  // A subscriber: paid as a guest in the demo checkout, password set from the e-mailed link.
  await becomeSubscriber(page, email, "Pipe1ine-pass");

  // Save the first match.
  await page.goto("/?search=1");
  const first = results(page).getByRole("article").first();
  const fundName = ((await first.getByRole("heading").first().textContent()) ?? "").trim();
  expect(fundName).not.toBe("");
  const save = first.getByRole("button", { name: "Save fund" });
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "true");

  // New saves start at To contact.
  await page.goto("/profile");
  const card = page.getByRole("article").filter({ hasText: fundName });
  await expect(card.getByLabel(PIPELINE_TEXTS.status)).toHaveValue("to_contact");
  const filters = page.getByRole("group", { name: PIPELINE_TEXTS.filterLabel });
  await expect(filters.getByRole("button", { name: "All (1)" })).toHaveAttribute("aria-pressed", "true");
  await expect(filters.getByRole("button", { name: "To contact (1)" })).toBeVisible();

  // Contacted, a next step and a note: each saved on its own, without a Save button.
  const statusSaved = updateAnswered(page, "status");
  await card.getByLabel(PIPELINE_TEXTS.status).selectOption({ label: "Contacted" });
  expect((await statusSaved).status()).toBe(200);
  await expect(filters.getByRole("button", { name: "Contacted (1)" })).toBeVisible();
  await expect(filters.getByRole("button", { name: "To contact (0)" })).toBeVisible();
  const dateSaved = updateAnswered(page, "nextStepDate");
  await card.getByLabel(PIPELINE_TEXTS.nextStep).fill("2031-05-20");
  expect((await dateSaved).status()).toBe(200);
  const noteSaved = updateAnswered(page, "note");
  await card.getByLabel(PIPELINE_TEXTS.note).fill(NOTE);
  expect((await noteSaved).status()).toBe(200);
  await expect(card.getByText(PIPELINE_TEXTS.saved)).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.reload();
  const reloaded = page.getByRole("article").filter({ hasText: fundName });
  await expect(reloaded.getByLabel(PIPELINE_TEXTS.status)).toHaveValue("contacted");
  await expect(reloaded.getByLabel(PIPELINE_TEXTS.note)).toHaveValue(NOTE);
  await expect(reloaded.getByLabel(PIPELINE_TEXTS.nextStep)).toHaveValue("2031-05-20");

  // The filter lives in the URL: shareable, and Back returns to the previous one.
  await filters.getByRole("button", { name: "Contacted (1)" }).click();
  await expect(page).toHaveURL(/\/profile\?status=contacted$/);
  await expect(reloaded).toBeVisible();
  await filters.getByRole("button", { name: "Passed (0)" }).click();
  await expect(page.getByText(PIPELINE_TEXTS.noneWithStatus("Passed"))).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/profile\?status=contacted$/);
  await expect(reloaded).toBeVisible();

  // A failed save keeps what was typed, says so in a toast, and Retry sends it.
  await page.route("**/_api/user/saved-fund/update", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"Service unavailable."}' }),
  );
  await reloaded.getByLabel(PIPELINE_TEXTS.note).fill(`${NOTE} Deck sent.`);
  await reloaded.getByLabel(PIPELINE_TEXTS.note).blur();
  await expect(page.getByText(PIPELINE_TEXTS.saveFailed(fundName))).toBeVisible();
  await expect(reloaded.getByText(PIPELINE_TEXTS.notSaved)).toBeVisible();
  await page.unroute("**/_api/user/saved-fund/update");
  const retried = updateAnswered(page, "Deck sent.");
  await reloaded.getByRole("button", { name: PIPELINE_TEXTS.retry }).click();
  expect((await retried).status()).toBe(200);
  await expect(reloaded.getByText(PIPELINE_TEXTS.saved)).toBeVisible();

  // Committed in the list takes the amount, as a board card does: the same rules, the same call,
  // and the round's progress follows (issue 35: it could be entered on the board only).
  await expect(reloaded.getByLabel(PIPELINE_TEXTS.committedAmount)).toHaveCount(0);
  // All statuses: under the Contacted filter the card would leave the list once committed.
  await filters.getByRole("button", { name: "All (1)" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const committed = updateAnswered(page, '"status":"committed"');
  await reloaded.getByLabel(PIPELINE_TEXTS.status).selectOption({ label: "Committed" });
  expect((await committed).status()).toBe(200);
  const amount = reloaded.getByLabel(PIPELINE_TEXTS.committedAmount);
  await amount.fill("12 dollars");
  await amount.press("Enter");
  await expect(reloaded.getByText(PIPELINE_TEXTS.committedAmountInvalid)).toBeVisible();
  const amountSaved = updateAnswered(page, "committedAmountUsd");
  await amount.fill("1200000");
  await amount.press("Enter");
  const saved = await amountSaved;
  expect(saved.status()).toBe(200);
  expect(saved.request().postDataJSON()).toMatchObject({ committedAmountUsd: 1_200_000 });
  await expect(reloaded.getByText(PIPELINE_TEXTS.committedAmountInvalid)).toHaveCount(0);
  await expect(amount).toHaveValue("1,200,000");
  await expect(amount).toBeFocused();
  await expect(page.getByTestId("round-progress-text")).toHaveText(PIPELINE_TEXTS.roundCommittedOnly("$1.2M"));
  if (SCREENSHOTS) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await reloaded.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/pipeline-list-committed-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await page.reload();
  await expect(reloaded.getByLabel(PIPELINE_TEXTS.committedAmount)).toHaveValue("1,200,000");
  // The board shows what the list saved.
  await page.getByRole("button", { name: PIPELINE_TEXTS.viewBoard }).click();
  await expect(page.getByTestId("board-column-committed").getByLabel(PIPELINE_TEXTS.committedAmount)).toHaveValue(
    "1,200,000",
  );
  await page.getByRole("button", { name: PIPELINE_TEXTS.viewList }).click();

  // Removing a fund with a note asks first; the empty state follows.
  await reloaded.getByRole("button", { name: /Remove/ }).click();
  const confirm = page.getByRole("dialog", { name: PIPELINE_TEXTS.removeTitle(fundName) });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: PIPELINE_TEXTS.removeConfirm }).click();
  await expect(page.getByRole("heading", { name: "No Saved Funds Yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Find Investors" }).last()).toHaveAttribute("href", "/#find-investors");
});

test("after 'Cancel at period end' in the billing portal, /subscribe says when the plan ends and offers Resume", async ({
  page,
  context,
}) => {
  const login = await page.request.post("/_api/auth/login_with_password", {
    data: { email, password: "Pipe1ine-pass" },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto("/subscribe");
  await expect(page.getByText(SUBSCRIBE_TEXTS.renewsOn)).toBeVisible();

  // Manage Billing opens the (demo) portal in a new tab; cancelling there is reflected on return.
  const tabOpened = context.waitForEvent("page");
  await page.getByRole("button", { name: new RegExp(SUBSCRIBE_TEXTS.manageBilling) }).click();
  const portal = await tabOpened;
  await expect(portal.getByText("Demo billing portal: no card is charged")).toBeVisible();
  await portal.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(portal.getByText("Ends on")).toBeVisible();
  await portal.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByText(SUBSCRIBE_TEXTS.endsOn, { exact: true })).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.renewsOn, { exact: true })).toHaveCount(0);
  await expect(page.getByText(SUBSCRIBE_TEXTS.endingTitle)).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: SUBSCRIBE_TEXTS.resume }).click();
  await expect(page.getByText(/^Your subscription will renew on /)).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.renewsOn, { exact: true })).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.endingTitle)).toHaveCount(0);
});
