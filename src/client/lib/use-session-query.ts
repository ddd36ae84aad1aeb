import { useQuery } from "@tanstack/react-query";
import { sessionQueryOptions } from "./session.js";

/** The session query itself; auth state and viewer are built on it. */
export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}
