import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { PIPELINE_TEXTS } from "../../../../shared/account-texts.js";
import { PIPELINE_STATUS_LABELS } from "../../../../shared/pipeline.js";
import type { Pipeline, SavedFundUpdateResponse } from "../../../../shared/schemas/account.js";
import type { StartupProfileResponse } from "../../../../shared/schemas/match.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";
import { type SavedFund, savedFundsQueryKey } from "../../../lib/saved-funds.js";
import { startupProfileQueryKey } from "./query-keys.js";

export { startupProfileQueryKey };

type Change = Partial<Pick<Pipeline, "status" | "committedAmountUsd">>;

/**
 * One change to a saved fund from the board (a move to another column, a committed amount):
 * shown at once in every cached copy of the list, sent through the pipeline's update call, and
 * put back as it was, with a toast, when the server refuses or cannot be reached.
 */
export function usePipelineChange() {
  const queryClient = useQueryClient();
  const patch = (fundId: number, change: (pipeline: Pipeline) => Pipeline) =>
    queryClient.setQueriesData<SavedFund[]>({ queryKey: savedFundsQueryKey }, (funds) =>
      Array.isArray(funds)
        ? funds.map((fund) => (fund.id === fundId ? { ...fund, pipeline: change(fund.pipeline) } : fund))
        : funds,
    );
  return useMutation({
    mutationFn: (variables: { fund: SavedFund; change: Change }) =>
      apiPost<SavedFundUpdateResponse>("/_api/user/saved-fund/update", {
        fundId: variables.fund.id,
        ...variables.change,
      }),
    onMutate: async ({ fund, change }) => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: savedFundsQueryKey });
      const before: Change = {};
      if (change.status !== undefined) before.status = fund.pipeline.status;
      if (change.committedAmountUsd !== undefined) before.committedAmountUsd = fund.pipeline.committedAmountUsd;
      patch(fund.id, (pipeline) => ({ ...pipeline, ...change }));
      return { before };
    },
    onSuccess: (response) => patch(response.fundId, () => response.pipeline),
    onError: (error, { fund, change }, context) => {
      if (context) patch(fund.id, (pipeline) => ({ ...pipeline, ...context.before }));
      const detail = error instanceof ApiError ? error.serverMessage : undefined;
      const message =
        change.status !== undefined
          ? PIPELINE_TEXTS.moveFailed(fund.name, PIPELINE_STATUS_LABELS[change.status])
          : PIPELINE_TEXTS.saveFailed(fund.name);
      toast.error(message, detail ? { description: detail } : undefined);
    },
  });
}

/**
 * The round's target from the saved startup profile; null without a profile or a target (and
 * while the profile's API is not there: a 404 reads as no profile, so the bar offers to set one).
 */
export function useRoundTarget(enabled: boolean) {
  return useQuery({
    queryKey: startupProfileQueryKey,
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<StartupProfileResponse>("/_api/user/startup-profile", { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { profile: null };
        throw error;
      }
    },
    select: (data) => data.profile?.roundTargetUsd ?? null,
    retry: false,
  });
}
