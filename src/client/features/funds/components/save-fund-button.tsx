import { Bookmark, BookmarkCheck, LoaderCircle } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, useEffect, useReducer, useRef, useState } from "react";
import { useLocation } from "react-router";
import { signUpToSaveHref } from "../../../../shared/return-path.js";
import type { FundResult } from "../../../../shared/schemas/funds.js";
import { TEXTS } from "../../../../shared/texts.js";
import { SaveFundDialog } from "../../../components/save-fund-dialog.js";
import { Button } from "../../../components/ui/button.js";
import { UnlockPremiumDialog } from "../../../components/unlock-premium-dialog.js";
import { track } from "../../../lib/analytics.js";
import { ApiError } from "../../../lib/api-client.js";
import { cn } from "../../../lib/utils.js";
import type { Viewer } from "../../../lib/viewer.js";

type SaveableFund = Pick<FundResult, "id" | "name" | "isPremium">;

export type SaveIntent = "wait" | "prompt-sign-up" | "prompt-upgrade" | "toggle";

/** What a click on the save button means for this viewer and fund. */
export function resolveSaveIntent(viewer: Viewer, fund: SaveableFund): SaveIntent {
  if (viewer.status === "loading") return "wait";
  if (viewer.status === "anonymous") return "prompt-sign-up";
  if (!viewer.isSubscriber && fund.isPremium) return "prompt-upgrade";
  return "toggle";
}

type Prompt = "sign-up" | "upgrade";
type State = { phase: "idle" } | { phase: "pending" } | { phase: "prompt"; prompt: Prompt };
type Event =
  | { type: "prompt"; prompt: Prompt }
  | { type: "start" }
  | { type: "settled" }
  | { type: "subscription-required" }
  | { type: "dismiss" };

function reducer(state: State, event: Event): State {
  switch (event.type) {
    case "prompt":
      return state.phase === "idle" ? { phase: "prompt", prompt: event.prompt } : state;
    case "start":
      return state.phase === "idle" ? { phase: "pending" } : state;
    case "settled":
      return state.phase === "pending" ? { phase: "idle" } : state;
    case "subscription-required":
      return { phase: "prompt", prompt: "upgrade" };
    case "dismiss":
      return state.phase === "prompt" ? { phase: "idle" } : state;
  }
}

function requiresSubscription(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 402 || error.message === "subscription_required");
}

type SaveFundButtonProps = {
  fund: SaveableFund;
  viewer: Viewer;
  isSaved?: boolean;
  /** Saves (next = true) or unsaves the fund; supplied once accounts and saved funds exist. */
  onToggleSave?: (fund: SaveableFund, next: boolean) => Promise<void>;
  /** Id of the fund's name, so the button is announced together with the fund it saves. */
  describedBy?: string;
  className?: string;
};

export function SaveFundButton({
  fund,
  viewer,
  isSaved = false,
  onToggleSave,
  describedBy,
  className,
}: SaveFundButtonProps) {
  const [state, dispatch] = useReducer(reducer, { phase: "idle" });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  const intent = resolveSaveIntent(viewer, fund);
  const pending = state.phase === "pending";

  // A tap while the session is still being asked (a page the browser rendered alone) is kept and
  // acted on once the viewer is known, rather than dropped by a disabled button (issue 38).
  const [queued, setQueued] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the viewer becomes known.
  useEffect(() => {
    if (!queued || intent === "wait") return;
    setQueued(false);
    void handleClick();
  }, [queued, intent]);

  async function handleClick() {
    if (intent === "wait") return setQueued(true);
    if (intent === "prompt-sign-up") return dispatch({ type: "prompt", prompt: "sign-up" });
    if (intent === "prompt-upgrade") return dispatch({ type: "prompt", prompt: "upgrade" });
    if (intent !== "toggle" || !onToggleSave) return;
    dispatch({ type: "start" });
    try {
      await onToggleSave(fund, !isSaved);
      track({ event: "fund_save_action", action: isSaved ? "unsave" : "save", fundId: fund.id, fundName: fund.name });
      dispatch({ type: "settled" });
    } catch (error) {
      if (requiresSubscription(error)) return dispatch({ type: "subscription-required" });
      // Save failures other than 402 are only logged.
      const fallback = isSaved ? TEXTS.saveFund.unsaveFailed : TEXTS.saveFund.saveFailed;
      console.error(fallback, error instanceof Error ? error.message : TEXTS.saveFund.unknownError);
      dispatch({ type: "settled" });
    }
  }

  const onPromptChange = (open: boolean) => {
    if (!open) dispatch({ type: "dismiss" });
  };
  const Icon = pending ? LoaderCircle : isSaved ? BookmarkCheck : Bookmark;

  // A visitor's save is a link to sign-up, back to this page with the fund saved after (issues 37, 38): it works before the
  // app starts; once it runs, the click opens the sign-up prompt instead, as a button does.
  if (intent === "prompt-sign-up") {
    const openPrompt = (event: MouseEvent | KeyboardEvent) => {
      event.preventDefault();
      void handleClick();
    };
    return (
      <>
        <Button
          asChild
          variant="ghost"
          size="icon"
          className={cn("-mt-1 -mr-2 text-slate-500 hover:text-indigo-700", className)}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: a link until the app starts, then a button that opens the prompt. */}
          <a
            ref={linkRef}
            href={signUpToSaveHref(fund.id, `${location.pathname}${location.search}`)}
            role="button"
            aria-label="Save fund"
            aria-describedby={describedBy}
            aria-haspopup="dialog"
            onClick={openPrompt}
            onKeyDown={(event) => {
              // A button answers Space too; a link only Enter.
              if (event.key === " ") openPrompt(event);
            }}
          >
            <Icon className="size-5" aria-hidden="true" />
          </a>
        </Button>
        <SaveFundDialog
          fundId={fund.id}
          open={state.phase === "prompt" && state.prompt === "sign-up"}
          onOpenChange={onPromptChange}
          returnFocusRef={linkRef}
        />
      </>
    );
  }

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Save fund"
        aria-describedby={describedBy}
        aria-pressed={intent === "toggle" ? isSaved : undefined}
        aria-haspopup={intent === "prompt-upgrade" ? "dialog" : undefined}
        disabled={pending}
        aria-busy={queued || undefined}
        onClick={handleClick}
        className={cn("-mt-1 -mr-2 text-slate-500 hover:text-indigo-700", isSaved && "text-indigo-600", className)}
      >
        <Icon
          className={cn("size-5", pending && "motion-safe:animate-spin", isSaved && "fill-indigo-100")}
          aria-hidden="true"
        />
      </Button>
      <SaveFundDialog
        fundId={fund.id}
        open={state.phase === "prompt" && state.prompt === "sign-up"}
        onOpenChange={onPromptChange}
        returnFocusRef={buttonRef}
      />
      <UnlockPremiumDialog
        open={state.phase === "prompt" && state.prompt === "upgrade"}
        onOpenChange={onPromptChange}
        returnFocusRef={buttonRef}
      />
    </>
  );
}
