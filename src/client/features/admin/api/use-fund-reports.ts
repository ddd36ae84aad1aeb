import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReportStatus } from "../../../../shared/fund-report-texts.js";
import type {
  AdminFundReport,
  AdminFundReportsResponse,
  FundReportActionRequest,
} from "../../../../shared/schemas/fund-reports.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";

const fundReportsQueryKey = ["admin", "fund-reports"] as const;

export function useFundReports(status: ReportStatus) {
  return useQuery({
    queryKey: [...fundReportsQueryKey, status],
    queryFn: ({ signal }) => apiGet<AdminFundReportsResponse>(`/_api/admin/fund-reports?status=${status}`, { signal }),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** Marks a report done (with its answer) or reopens it; both lists are fetched again afterwards. */
export function useFundReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FundReportActionRequest) =>
      apiPost<{ report: AdminFundReport }>("/_api/admin/fund-report-action", request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundReportsQueryKey }),
  });
}
