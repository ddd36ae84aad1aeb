import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicationAddress, publicationName, sourceAddressError, sourceAddressProblem } from "./source-address.js";
import { SOURCE_ADDRESS_TEXTS } from "./source-address-texts.js";

/** The 32 source addresses the 2026-12-07 clean-up of enrichment.csv removed or replaced, with why. */
const REMOVED: ReadonlyArray<[string, "ip" | "development" | "mirror"]> = [
  ["https://webmail.tmfsummit.com/biotech/arch-venture-closes-3b-biotech", "mirror"],
  ["https://washingtonlatest.com/vc-company-autotech-skips-semiconductors", "mirror"],
  ["http://15.188.152.128/?p=244767", "ip"],
  ["http://15.188.152.128/vc-firm-general-catalyst-targets-at-least-5-billion", "ip"],
  ["http://3.124.21.42/china-brief-qiming-venture-partners-closes", "ip"],
  ["https://www.breakinglatest.news/technology/cdp-venture-3-5-billion-more/", "mirror"],
  ["https://fiercehealthcare.dev.qtxquartz.com/ai-and-machine-learning/define-ventures", "development"],
  ["https://getpodcast.com/at/podcast/venture-unlocked-the-playbook/glasswing", "mirror"],
  ["https://wootest.fyb.de/en/around-e-500-million-final-closing-of-htgfs-4th-fund", "development"],
  ["http://moneyistheway.blogspot.com/2021/04/polish-tech-startups.html", "mirror"],
  ["https://online-techtips.blogspot.com/2021/04/with-two-new-funds-localglobe.html", "mirror"],
  ["https://m13-staging-domain-1.webflow.io/article/leadership-at-m13", "development"],
  ["https://worldofnewsbeats.blogspot.com/2019/05/mmc-ventures-launches.html", "mirror"],
  ["https://staging-5em2ouy-m6y5gytbv6uc2.uk-1.platformsh.site/en/our-impact/fund", "development"],
  ["https://crprogrammer.blogspot.com/2019/04/european-vc-firm-octopus-ventures.html", "mirror"],
  ["https://share.snipd.com/chapter/47d9716f-7480-4b2b-9ffe-026ae9f0ad2e", "mirror"],
  ["http://testingdomain.us/portag3-raises-largest-canadian-fintech-fund/", "development"],
  ["https://amp.expansion.com/empresas/banca/2021/02/01/60184693e5fdea25048b4680.html", "mirror"],
  ["https://interplay-staging.webflow.io/podcasts/what-lps-wish-gps-knew", "development"],
  ["https://staging.globalventuring.com/?p=21322", "development"],
  ["https://staging.sifted.eu/articles/northzone-1bn-fund/", "development"],
  ["https://arc-dev.theglobeandmail.com/business/article-yukons-government", "development"],
];

/** Real publications whose names hold an environment's word, or sit on hosts near the refused ones. */
const PUBLICATIONS = [
  "https://developer.apple.com/news/",
  "https://devblogs.microsoft.com/dotnet/",
  "https://techstage.com/article",
  "https://www.test.de/Geldanlage/",
  "https://dev.to/someone/post",
  "https://web.dev/articles/vitals",
  "https://latest.example-news.co.uk/x".replace("example-news", "thetimes"),
  "https://www.contestmagazine.com/",
  "https://stagecoach.co.uk/news",
  "https://www.speedtest.net/insights",
  "https://qualified.com/blog",
  "https://sifted.eu/articles/northzone-1bn-fund/",
  "https://globalventuring.com/?p=21322",
  "https://www.theglobeandmail.com/business/article-yukons-government",
  "https://www.expansion.com/empresas/banca/2021/02/01/60184693e5fdea25048b4680.html",
  "https://fyb.de/en/around-e-500-million",
  "https://techcrunch.com/2024/03/01/fund/",
  "HTTPS://TECHCRUNCH.COM/2024/03/01/fund/",
  "https://www.bbc.co.uk/news/business",
  "https://www.afr.com/companies/",
  "https://news.com.au/finance",
  "https://www.nikkei.co.jp/news",
  "https://medium.com/@firm/fund-ii",
  "https://firm.vercel.app/news",
  "https://firm.netlify.app/news",
  "https://firm.pages.dev/news",
  "https://blog.firm.com/fund-iii",
  "https://m.economictimes.com/tech/funding",
  "https://www.münchen.de/wirtschaft".normalize(),
  "https://archive.org/details/annual-report",
  // A partner's own blog, and an archived copy of a firm's page that is gone: both kept by the clean-up.
  "http://christophjanz.blogspot.com/2013/02/why-im-happy-to-be-micro-vc.html?m=1",
  "https://web.archive.org/web/20121030210426/http://www.usv.com/focus",
  "https://podcasts.apple.com/us/podcast/venture-unlocked/id1",
  "http://sifted.eu./articles/x",
];

describe("a fact's source address", () => {
  it("refuses every source the 2026-12-07 clean-up removed, for the reason it was removed", () => {
    for (const [address, kind] of REMOVED) {
      expect(sourceAddressProblem(address)?.kind, address).toBe(kind);
      expect(sourceAddressError(address), address).toMatch(/^Use the publication's own address/);
    }
  });

  it("accepts every source the shipped facts use, and refuses every source the seed withdrew", () => {
    const addressesOf = (file: string) =>
      readFileSync(new URL(`../server/db/seed/${file}`, import.meta.url), "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.match(/https?:\/\/[^,\s]+/)?.[0])
        .filter((address): address is string => address !== undefined);
    const shipped = addressesOf("enrichment.csv");
    expect(shipped.length).toBeGreaterThan(1300);
    expect(shipped.filter((address) => !isPublicationAddress(address))).toEqual([]);
    const withdrawn = addressesOf("withdrawn-facts.csv");
    expect(withdrawn.length).toBeGreaterThan(30);
    expect(withdrawn.filter((address) => isPublicationAddress(address))).toEqual([]);
  });

  it("accepts real publications whose names hold an environment's word, and publications near refused hosts", () => {
    for (const address of PUBLICATIONS) expect(sourceAddressProblem(address), address).toBeNull();
  });

  it("refuses what is not an http(s) address, and an address with a user name or password", () => {
    for (const address of [
      "ftp://sifted.eu/x",
      "sifted.eu/x",
      "javascript:alert(1)",
      " https://sifted.eu/",
      "https://",
    ]) {
      expect(sourceAddressProblem(address), address).toEqual({ kind: "not-web" });
      expect(sourceAddressError(address)).toBe(SOURCE_ADDRESS_TEXTS.notWeb);
    }
    for (const address of [
      "https://user@sifted.eu/x",
      "https://sifted.eu:pw@15.188.152.128/",
      "https://:p@sifted.eu/",
    ]) {
      expect(sourceAddressProblem(address), address).toEqual({ kind: "userinfo" });
    }
  });

  it("refuses IP addresses in every spelling the URL parser reads as one", () => {
    for (const address of [
      "http://15.188.152.128/x",
      "http://15.188.152.128./x",
      "http://264018048/x",
      "http://0xF.0xBC.0x98.0x80/x",
      "http://017.0274.0230.0200/x",
      "http://0x0fbc9880/x",
      "http://15.12359808/x",
      "http://[::1]/x",
      "http://[2001:db8::7]/x",
      "http://[::ffff:15.188.152.128]/x",
      "http://15.188.152.128.nip.io/x",
      "http://ec2-15-188-152-128.eu-west-3.compute.amazonaws.com/x",
      "https://１５.１８８.１５２.１２８/x",
    ]) {
      expect(sourceAddressProblem(address)?.kind, address).toBe("ip");
    }
    expect(sourceAddressError("http://264018048/x")).toBe(SOURCE_ADDRESS_TEXTS.ip("15.188.152.128"));
  });

  it("refuses staging, development, test and preview hosts, in any case, with a closing dot or encoded", () => {
    for (const address of [
      "https://STAGING.Sifted.EU/x",
      "https://staging.sifted.eu./x",
      "https://staging%2Esifted.eu/x",
      "https://staging\u3002sifted.eu/x",
      "https://stg2.sifted.eu/x",
      "https://pre-prod.sifted.eu/x",
      "https://uat.sifted.eu/x",
      "https://qa.sifted.eu/x",
      "https://sandbox.sifted.eu/x",
      "https://preview.sifted.eu/x",
      "https://news-test-1.sifted.eu/x",
      "https://stage.bbc.co.uk/x",
      "https://dev.afr.com.au/x",
      "http://localhost:3000/x",
      "http://localhost./x",
      "http://intranet/x",
      "http://fundnews.local/x",
      "http://fundnews.internal/x",
      "http://fundnews.test/x",
      "http://fundnews.example/x",
      "http://www.example.com/x",
      "https://site-git-main-team.vercel.app/x",
      "https://site-1a2b3c4d5-team.vercel.app/x",
      "https://deploy-preview-42--site.netlify.app/x",
      "https://main--site.netlify.app/x",
      "https://abc123.site.pages.dev/x",
      "https://firm.webflow.io/x",
      "https://firmstg.wpengine.com/x",
      "https://abcd.ngrok-free.app/x",
    ]) {
      expect(sourceAddressProblem(address)?.kind, address).toBe("development");
    }
  });

  it("refuses sites that copy or summarise articles, archives and caches", () => {
    for (const address of [
      "https://crprogrammer.blogspot.com/x",
      "https://SHARE.SNIPD.COM/episode/1",
      "https://sifted-eu.translate.goog/x",
      "https://sifted-eu.cdn.ampproject.org/c/s/sifted.eu/x",
      "https://amp.theguardian.com/business/x",
    ]) {
      expect(sourceAddressProblem(address)?.kind, address).toBe("mirror");
    }
  });

  it("names the publication by its host without www.", () => {
    expect(publicationName("https://www.TechCrunch.com/2024/x")).toBe("techcrunch.com");
    expect(publicationName("https://sifted.eu./x")).toBe("sifted.eu");
    expect(publicationName("https://news.crunchbase.com/x")).toBe("news.crunchbase.com");
    expect(publicationName("not an address")).toBe("not an address");
  });
});

const letters = fc.stringMatching(/^[a-z][a-z0-9]{1,12}$/);
const byte = fc.integer({ min: 0, max: 255 });

describe("the source rule's properties", () => {
  it("reads any registrable name as a brand: an environment's word inside it never refuses it", () => {
    const word = fc.constantFrom("stage", "staging", "dev", "test", "qa", "preview", "sandbox", "uat");
    fc.assert(
      fc.property(letters, word, letters, fc.constantFrom("com", "de", "co.uk", "io"), (before, env, after, tld) => {
        const host = `${before}${env}${after}.${tld}`;
        expect(sourceAddressProblem(`https://www.${host}/a`), host).toBeNull();
        expect(sourceAddressProblem(`https://${env}.${host}/a`)?.kind, host).toBe("development");
      }),
    );
  });

  it("judges a host the same in any case and with a closing dot, and names it the same", () => {
    const host = fc.oneof(
      fc.constantFrom(...REMOVED.map(([address]) => new URL(address).host)),
      fc.tuple(letters, letters).map(([a, b]) => `${a}.${b}.com`),
    );
    fc.assert(
      fc.property(host, fc.boolean(), (name, dot) => {
        const plain = sourceAddressProblem(`https://${name}/x`)?.kind ?? null;
        const spelled = `https://${name.toUpperCase()}${dot && !name.includes(":") ? "." : ""}/x`;
        expect(sourceAddressProblem(spelled)?.kind ?? null, spelled).toBe(plain);
        expect(publicationName(spelled)).toBe(publicationName(`https://${name}/x`));
      }),
    );
  });

  it("refuses any IPv4 address, written as one number, in hex or in octal", () => {
    fc.assert(
      fc.property(
        fc.tuple(byte, byte, byte, byte),
        fc.constantFrom("dotted", "number", "hex", "octal"),
        (parts, form) => {
          const value = parts.reduce((sum, part) => sum * 256 + part, 0);
          const host =
            form === "dotted"
              ? parts.join(".")
              : form === "number"
                ? String(value)
                : form === "hex"
                  ? parts.map((part) => `0x${part.toString(16)}`).join(".")
                  : parts.map((part) => `0${part.toString(8)}`).join(".");
          expect(sourceAddressProblem(`http://${host}/x`), host).toEqual({ kind: "ip", host: parts.join(".") });
        },
      ),
    );
  });

  it("refuses any address with a user name before its host, whatever the host", () => {
    fc.assert(
      fc.property(letters, letters, (user, name) => {
        expect(sourceAddressProblem(`https://${user}@${name}.com/`)).toEqual({ kind: "userinfo" });
      }),
    );
  });
});
