import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { PIPELINE_TEXTS } from "../../../../shared/account-texts.js";
import { noteLength, PIPELINE_NOTE_MAX, type PipelineStatus } from "../../../../shared/pipeline.js";
import type { Pipeline, SavedFundUpdateResponse } from "../../../../shared/schemas/account.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";
import type { SavedFund } from "../../../lib/saved-funds.js";
import { savedFundsQueryKey } from "../../../lib/saved-funds.js";

export type PipelineDraft = Pick<Pipeline, "status" | "note" | "nextStepDate" | "committedAmountUsd">;
type Field = keyof PipelineDraft;

/** idle: nothing changed yet; saving; saved; error: the last attempt failed and Retry is offered. */
export type SaveState = "idle" | "saving" | "saved" | "error";

/** Typing pauses this long before a note is sent; status and date changes go at once. */
export const NOTE_DEBOUNCE_MS = 800;

/**
 * Changes every cached copy of the saved funds list (the profile's and the header's) to the
 * pipeline the server confirmed, so that the counts per status follow without a refetch.
 */
function writeToCache(queryClient: QueryClient, fundId: number, pipeline: Pipeline) {
  queryClient.setQueriesData<SavedFund[]>({ queryKey: savedFundsQueryKey }, (funds) =>
    Array.isArray(funds) ? funds.map((fund) => (fund.id === fundId ? { ...fund, pipeline } : fund)) : funds,
  );
}

/**
 * Inline editing of one saved fund's pipeline, saved automatically: a status, date or committed
 * amount is sent at once, a note after a pause in typing. One request at a time per fund, in order; changes
 * made meanwhile are merged and sent next. A failure keeps what the person typed, shows a toast
 * and offers Retry. Anything still unsent when the card goes away (leaving the page) is sent with
 * keepalive, so a note typed just before navigating is not lost.
 */
export function usePipelineAutosave(fundId: number, fundName: string, initial: PipelineDraft) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PipelineDraft>(initial);
  const [state, setState] = useState<SaveState>("idle");
  const pending = useRef<Partial<PipelineDraft>>({});
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    // The request in flight sends the rest when it is done.
    if (inFlight.current) return;
    const changes = pending.current;
    if (Object.keys(changes).length === 0) return;
    pending.current = {};
    inFlight.current = true;
    setState("saving");
    try {
      const response = await apiPost<SavedFundUpdateResponse>("/_api/user/saved-fund/update", { fundId, ...changes });
      writeToCache(queryClient, fundId, response.pipeline);
      inFlight.current = false;
      if (Object.keys(pending.current).length > 0) return flush();
      if (mounted.current) setState("saved");
    } catch (error) {
      inFlight.current = false;
      // Put the changes back under anything newer, for Retry.
      pending.current = { ...changes, ...pending.current };
      if (!mounted.current) return;
      setState("error");
      const detail = error instanceof ApiError ? error.serverMessage : undefined;
      toast.error(PIPELINE_TEXTS.saveFailed(fundName), detail ? { description: detail } : undefined);
    }
  }, [fundId, fundName, queryClient]);

  const change = useCallback(
    <K extends Field>(field: K, value: PipelineDraft[K], when: "now" | "debounced" = "now") => {
      setDraft((current) => ({ ...current, [field]: value }));
      if (field === "note" && noteLength(value as string) > PIPELINE_NOTE_MAX) {
        // Too long: kept on screen (with its message), never sent; the last saved note stays.
        const { note: _dropped, ...rest } = pending.current;
        pending.current = rest;
        return;
      }
      pending.current = { ...pending.current, [field]: value };
      clearTimeout(timer.current);
      if (when === "now") void flush();
      else {
        // Shown at once, so that a "Saved" from an earlier change never stands for unsent typing.
        setState("saving");
        timer.current = setTimeout(() => void flush(), NOTE_DEBOUNCE_MS);
      }
    },
    [flush],
  );

  // Leaving: send what is still waiting, with keepalive so that it survives the page.
  useEffect(() => {
    mounted.current = true;
    const sendRest = () => {
      if (inFlight.current || Object.keys(pending.current).length === 0) return;
      clearTimeout(timer.current);
      const changes = pending.current;
      pending.current = {};
      void apiPost("/_api/user/saved-fund/update", { fundId, ...changes }, { keepalive: true }).catch(() => {
        // The page is gone; nothing is left to tell.
      });
    };
    window.addEventListener("pagehide", sendRest);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", sendRest);
      sendRest();
    };
  }, [fundId]);

  const noteTooLong = noteLength(draft.note) > PIPELINE_NOTE_MAX;
  return {
    draft,
    state,
    noteTooLong,
    setStatus: (status: PipelineStatus) => change("status", status),
    setNextStepDate: (date: string | null) => change("nextStepDate", date),
    /** The amount a committed fund put in (the board's card takes the same, through the same call). */
    setCommittedAmount: (amount: number | null) => change("committedAmountUsd", amount),
    setNote: (note: string) => change("note", note, "debounced"),
    /** Sends a waiting note now (the field lost focus). */
    flushNow: () => void flush(),
    retry: () => void flush(),
  };
}
