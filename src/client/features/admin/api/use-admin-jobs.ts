import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminJobsResponse, RunJobResponse } from "../../../../shared/schemas/jobs.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";

const jobsQueryKey = ["admin", "jobs"] as const;

export function useAdminJobs() {
  return useQuery({
    queryKey: jobsQueryKey,
    queryFn: ({ signal }) => apiGet<AdminJobsResponse>("/_api/admin/jobs", { signal }),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** Runs a job now; the answer comes when the run has finished, then the list is fetched again. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost<RunJobResponse>("/_api/admin/jobs/run", { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
