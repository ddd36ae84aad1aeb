import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INDUSTRIES } from "./industries.js";
import { STAGES } from "./stages.js";
import { type ProfileQuery, profileFromQuery, profileToQuery } from "./startup-profile-query.js";

const EMPTY: ProfileQuery = {
  stage: "",
  sectors: [],
  country: "",
  raise: "",
  currency: "USD",
  needsLead: false,
  description: "",
  roundTarget: "",
  activelyInvesting: false,
  page: 1,
};

describe("the match's profile in its URL", () => {
  it("names nothing for a URL without a profile, even with a page or a currency", () => {
    expect(profileFromQuery(new URLSearchParams(""))).toBeNull();
    expect(profileFromQuery(new URLSearchParams("page=2&currency=EUR&roundTarget=3m"))).toBeNull();
  });

  it("reads what the form's plain GET sends, amounts as typed", () => {
    const read = profileFromQuery(
      new URLSearchParams(
        "stage=seed&sectors=fintech&country=Germany&raise=%E2%82%AC3m&currency=eur&description=Payments",
      ),
    );
    expect(read).toEqual({
      ...EMPTY,
      stage: "seed",
      sectors: ["fintech"],
      country: "Germany",
      raise: "€3m",
      currency: "EUR",
      description: "Payments",
    });
  });

  it("drops unknown codes, a currency the product does not convert and a page that is not one", () => {
    const read = profileFromQuery(
      new URLSearchParams("stage=moon&sectors=fintech,nope&sectors=fintech&currency=XYZ&page=-3&country=France"),
    );
    expect(read).toEqual({ ...EMPTY, sectors: ["fintech"], country: "France" });
  });

  it("round-trips every profile the form can hold", () => {
    const profile = fc.record({
      stage: fc.constantFrom("", ...STAGES.map((stage) => stage.code)),
      sectors: fc.uniqueArray(fc.constantFrom(...INDUSTRIES.map((industry) => industry.code)), { maxLength: 3 }),
      country: fc.constantFrom("", "France", "United States", "Côte d'Ivoire"),
      raise: fc.constantFrom("", "1.5M", "250k", "€3m", "$2,000,000"),
      currency: fc.constantFrom("USD", "EUR", "GBP", "INR"),
      needsLead: fc.boolean(),
      description: fc.constantFrom("", "Payments API & billing for shops", "x?y=z#1"),
      roundTarget: fc.constantFrom("", "3M"),
      activelyInvesting: fc.boolean(),
      page: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(profile, (value) => {
        const read = profileFromQuery(new URLSearchParams(profileToQuery(value).toString()));
        const describes =
          value.stage || value.sectors.length || value.country || value.raise || value.needsLead || value.description;
        expect(read).toEqual(describes ? value : null);
      }),
    );
  });
});
