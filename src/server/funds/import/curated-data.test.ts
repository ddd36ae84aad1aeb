import { describe, expect, it } from "vitest";
import { asOfKey, formatAsOf } from "../../../shared/fund-facts.js";
import { parseEnrichment, winningFacts } from "./curated-data.js";

const HEADER = "name,country_code,field,value,currency,kind,as_of,source_url";
const url = (n: number) => `https://techcrunch.com/${n}`;

describe("enrichment.csv", () => {
  it("picks the latest final close over a later target or first close, and keeps AUM apart", () => {
    const { lines, rejected } = parseEnrichment(
      [
        HEADER,
        `Alpha,DE,fund_size,100000000,EUR,final_close,2021-05,${url(1)}`,
        `Alpha,DE,fund_size,300000000,EUR,target,2024-01,${url(2)}`,
        `Alpha,DE,fund_size,150000000,EUR,final_close,2023,${url(3)}`,
        `Alpha,DE,fund_size,2000000000,EUR,aum,2024,${url(4)}`,
        `Beta,FR,fund_size,50000000,EUR,first_close,2022-01,${url(5)}`,
        `Beta,FR,fund_size,80000000,EUR,target,2023-06,${url(6)}`,
      ].join("\n"),
    );
    expect(rejected).toEqual([]);
    const facts = winningFacts(lines);
    const alpha = facts.get("alpha\u0000DE");
    expect(alpha?.get("fundSize")).toMatchObject({ value: "150000000", kind: "final_close", asOf: "2023" });
    expect(alpha?.get("aum")).toMatchObject({ value: "2000000000", kind: "aum" });
    expect(facts.get("beta\u0000FR")?.get("fundSize")).toMatchObject({ value: "80000000", kind: "target" });
  });

  it("rejects a line without an http(s) source, with a bad date, an unknown currency or kind", () => {
    const { lines, rejected } = parseEnrichment(
      [
        HEADER,
        "Alpha,DE,website,https://alpha.example,,stated,,javascript:alert(1)",
        `Alpha,DE,fund_size,1000,EUR,final_close,2023-13,${url(1)}`,
        `Alpha,DE,fund_size,1000,XYZ,final_close,2023,${url(2)}`,
        `Alpha,DE,fund_size,1000,EUR,rumour,2023,${url(3)}`,
        `Alpha,DE,leads_rounds,maybe,,stated,,${url(4)}`,
        `Alpha,DE,portfolio, ; ,,stated,,${url(5)}`,
        `Alpha,DE,sector_agnostic,true,,stated,,${url(6)}`,
      ].join("\n"),
    );
    expect(rejected).toHaveLength(6);
    expect(lines.map((line) => line.field)).toEqual(["sector_agnostic"]);
  });

  it("rejects a source that is not the publication's own address: an IP, a staging copy, a mirror", () => {
    const { lines, rejected } = parseEnrichment(
      [
        `${HEADER},retrieved`,
        "Alpha,DE,fund_size,1000,EUR,final_close,2023,https://15.188.152.128/story,2026-11-27",
        "Alpha,DE,fund_size,1000,EUR,final_close,2023,https://staging.sifted.eu/articles/x,2026-11-27",
        "Alpha,DE,fund_size,1000,EUR,final_close,2023,https://share.snipd.com/chapter/1,2026-11-27",
        `Alpha,DE,fund_size,1000,EUR,final_close,2023,${url(1)},2026-11-27`,
      ].join("\n"),
    );
    expect(lines.map((line) => [line.sourceUrl, line.retrieved])).toEqual([[url(1), "2026-11-27"]]);
    expect(rejected).toHaveLength(3);
    for (const problem of rejected) expect(problem).toContain("Use the publication's own address");
  });

  it("rejects a field named like one of an object's members as an unknown field", () => {
    const { lines, rejected } = parseEnrichment(
      [
        HEADER,
        `Alpha,DE,constructor,1000,,stated,,${url(1)}`,
        `Alpha,DE,toString,1000,,stated,,${url(2)}`,
        `Alpha,DE,__proto__,1000,,stated,,${url(3)}`,
      ].join("\n"),
    );
    expect(lines).toEqual([]);
    expect(rejected).toEqual([
      "line 2: unknown field constructor",
      "line 3: unknown field toString",
      "line 4: unknown field __proto__",
    ]);
  });

  it("reads and orders the three date forms", () => {
    expect(formatAsOf("2023")).toBe("2023");
    expect(formatAsOf("2023-10")).toBe("Oct 2023");
    expect(formatAsOf("2023-10-05")).toBe("5 Oct 2023");
    expect(asOfKey(null) < asOfKey("2023")).toBe(true);
    expect(asOfKey("2023") < asOfKey("2023-01")).toBe(true);
    expect(asOfKey("2023-01") < asOfKey("2023-01-01")).toBe(true);
    expect(asOfKey("2022-12-31") < asOfKey("2023")).toBe(true);
  });
});
