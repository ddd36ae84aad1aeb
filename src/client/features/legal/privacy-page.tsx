import { Cookie } from "lucide-react";
import { Link } from "react-router";
import { CONSENT_TEXTS } from "../../../shared/consent-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { BRAND_NAME } from "../../../shared/site.js";
import { Button } from "../../components/ui/button.js";
import { openCookiePreferences, useConsent } from "../../lib/consent.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { AnalyticsCookiesTable, CookieCategoriesTable } from "./cookie-tables.js";
import { ContactEmail, LegalPage, type LegalSection } from "./legal-page.js";

/** What this browser currently allows, next to the button that changes it. */
function CookieChoice() {
  const consent = useConsent();
  const onOff = (allowed: boolean) => (allowed ? "on" : "off");
  return (
    <div className="not-prose mt-6 flex flex-col gap-4 rounded-2xl border border-indigo-100 bg-indigo-50/60 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Cookie className="mt-0.5 size-5 shrink-0 text-indigo-700" aria-hidden="true" />
        <p className="text-sm text-slate-700" aria-live="polite">
          {consent
            ? `Your choice in this browser: analytics ${onOff(consent.preferences.analytics)}, marketing ${onOff(consent.preferences.marketing)}.`
            : "You have not made a cookie choice in this browser yet: only necessary cookies are used."}
        </p>
      </div>
      <Button onClick={openCookiePreferences} className="shrink-0">
        {CONSENT_TEXTS.manageCookiePreferences}
      </Button>
    </div>
  );
}

const SECTIONS: readonly LegalSection[] = [
  {
    id: "information-we-collect",
    title: "1. Information We Collect",
    content: (
      <>
        <p>We collect only what we need to run {BRAND_NAME}:</p>
        <ul>
          <li>
            <strong>Account details</strong>: your e-mail address and display name. If you set a password, we store a
            salted argon2 hash of it, never the password itself. If you sign in with a sign-in provider, we receive your
            e-mail address, name and, optionally, your profile picture from it, and keep the provider's identifier for
            your account there so that later sign-ins reach the same account.
          </li>
          <li>
            <strong>Saved funds</strong>: the funds you save to your favourites, with the status, private note and
            next-step date you keep for each. Notes are visible to you only.
          </li>
          <li>
            <strong>Subscription</strong>: your subscription status and plan, and the customer id our payment processor
            Stripe gives us. Card details are handled by Stripe and never reach us.
          </li>
          <li>
            <strong>Session cookie</strong>: keeps you signed in (see section 5).
          </li>
          <li>
            <strong>Technical logs</strong>: for each request to our servers, your IP address, user agent (browser and
            device type) and a request id, kept for security and troubleshooting.
          </li>
          <li>
            <strong>Searches</strong>: the filters you submit (country, funding stage, industry) are used to answer your
            search. We do not keep a search history in your account.
          </li>
          <li>
            <strong>Your cookie choice</strong>: kept in your browser's local storage, not on our servers.
          </li>
          <li>
            <strong>Usage statistics</strong>: only if you allow analytics cookies (see section 5).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "2. How We Use Information",
    content: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>
            run the service you ask for: answer searches, keep your account and saved funds, and unlock the features of
            your plan (to perform our contract with you);
          </li>
          <li>
            take payments and manage your subscription, and send you account and billing e-mails such as receipts and
            password resets (contract, and our legal duty to keep billing records);
          </li>
          <li>
            keep {BRAND_NAME} secure: detect abuse, limit automated access and investigate incidents (our legitimate
            interest in a safe service);
          </li>
          <li>
            understand how the site is used so we can improve it, through analytics, only if you consent; you can
            withdraw that consent at any time.
          </li>
        </ul>
        <p>We do not use your data for automated decisions that have legal or similarly significant effects on you.</p>
      </>
    ),
  },
  {
    id: "how-we-share-information",
    title: "3. How We Share Information",
    content: (
      <>
        <p>We do not sell personal data. We share it only with the service providers who process it for us:</p>
        <ul>
          <li>
            <strong>Stripe</strong>, our payment processor, for payments and subscription billing;
          </li>
          <li>
            <strong>our e-mail delivery provider</strong>, for account and billing e-mails;
          </li>
          <li>
            <strong>our hosting provider</strong>, which runs our servers and database;
          </li>
          <li>
            <strong>Google Tag Manager and Google Analytics</strong>, only if you consent to analytics cookies.
          </li>
        </ul>
        <p>
          Each provider may use the data only to provide its service to us. We may also disclose data when the law
          requires it, or to a buyer of our business, who would remain bound by this policy.
        </p>
      </>
    ),
  },
  {
    id: "data-security",
    title: "4. Data Security",
    content: (
      <p>
        All traffic to {BRAND_NAME} is encrypted with HTTPS. Passwords are stored only as salted argon2 hashes, card
        details never touch our servers, our pages run under a strict Content Security Policy, and our API limits the
        rate of requests to resist abuse. Access to personal data is limited to the people who need it to run the
        service. No system is perfectly secure; if a breach affects your data, we will tell you and the authorities as
        the law requires.
      </p>
    ),
  },
  {
    id: "cookies-and-tracking",
    title: "5. Cookies and Tracking",
    content: (
      <>
        <p>
          Necessary cookies are always on: the site cannot work without them. Everything else needs your consent, which
          we ask for with the cookie banner on your first visit. Until you allow analytics, the Google Tag Manager
          script is not loaded at all.
        </p>
        <CookieCategoriesTable />
        <h3>Analytics cookies</h3>
        <p>Set by Google Analytics on our domain, only after you allow analytics:</p>
        <AnalyticsCookiesTable />
        <p>
          If you switch analytics off later, we stop sending usage events at once, delete the analytics cookies we can
          reach, and do not load Google Tag Manager again.
        </p>
        <CookieChoice />
      </>
    ),
  },
  {
    id: "your-data-rights",
    title: "6. Your Data Rights",
    content: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>access your data and receive a copy of it (export);</li>
          <li>correct data that is wrong or incomplete;</li>
          <li>have your data deleted;</li>
          <li>object to, or ask us to restrict, processing based on our legitimate interests;</li>
          <li>
            withdraw your consent at any time, for example to analytics cookies, without affecting what came before.
          </li>
        </ul>
        <p>
          Your account settings let you export all your data as a JSON file and delete your account yourself. For
          anything else, write to <ContactEmail />; we answer within one month. You may also complain to your local data
          protection authority.
        </p>
      </>
    ),
  },
  {
    id: "international-data-transfers",
    title: "7. International Data Transfers",
    content: (
      <p>
        Some of our providers process data outside your country, including in the United States. Where data leaves the
        European Economic Area or the United Kingdom, the transfer is protected by the European Commission's standard
        contractual clauses (or the UK equivalent) or by another safeguard the law recognises.
      </p>
    ),
  },
  {
    id: "data-retention",
    title: "8. Data Retention",
    content: (
      <ul>
        <li>Account data, saved funds and subscription details are kept while your account exists.</li>
        <li>
          When you delete your account, your personal data is deleted or anonymised within 30 days of account deletion.
        </li>
        <li>Billing records are kept as long as tax law requires, even after the account is deleted.</li>
        <li>
          Technical logs (IP address, browser, request ids) are kept for up to 30 days for security, then deleted.
        </li>
        <li>The durations of cookies and of your cookie choice are listed in section 5.</li>
      </ul>
    ),
  },
  {
    id: "childrens-privacy",
    title: "9. Children's Privacy",
    content: (
      <p>
        {BRAND_NAME} is for founders and is not meant for children. You must be at least 16 years old to create an
        account, and we do not knowingly collect data from anyone younger. If you believe a child has given us personal
        data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes-to-this-policy",
    title: "10. Changes to This Policy",
    content: (
      <p>
        We update this policy when what we collect or how we use it changes. The date at the top shows the current
        version; we tell you about material changes by e-mail or on the site before they take effect. If a change needs
        your consent, we will ask for it again.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "11. Contact Us",
    content: (
      <p>
        For questions about this policy or your data, or to exercise your rights, write to <ContactEmail />. The terms
        of your use of {BRAND_NAME} are in our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  usePageMeta(PAGE_META["/privacy"]);
  return (
    <LegalPage
      title="Privacy Policy"
      updatedLabel="Last Updated"
      updated={{ iso: "2025-08-16", text: "August 16, 2025" }}
      intro={
        <p>
          This policy explains what personal data {BRAND_NAME} collects when you use the website, search for funds, and
          create an account or subscribe; why we collect it, who we share it with, and the rights you have over it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
