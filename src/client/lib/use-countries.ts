import { useQuery } from "@tanstack/react-query";
import type { CountriesResponse } from "../../shared/schemas/funds.js";
import { apiGet } from "./api-client.js";
import { COUNTRIES_URL, countriesQueryKey } from "./countries.js";

const selectCountries = (data: CountriesResponse) => data.countries;

export function useCountries() {
  return useQuery({
    queryKey: countriesQueryKey,
    queryFn: ({ signal }) => apiGet<CountriesResponse>(COUNTRIES_URL, { signal }),
    select: selectCountries,
    // The list only changes with a fund import, so one fetch per visit is plenty.
    staleTime: 10 * 60_000,
  });
}
