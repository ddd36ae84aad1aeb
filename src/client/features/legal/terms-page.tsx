import { Link } from "react-router";
import { PAGE_META } from "../../../shared/page-meta.js";
import { formatUsd, PLANS } from "../../../shared/plans.js";
import { BRAND_NAME } from "../../../shared/site.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { ContactEmail, LegalPage, type LegalSection } from "./legal-page.js";

const monthly = `US${formatUsd(PLANS.monthly.priceUsd)} per month`;
const lifetime = `US${formatUsd(PLANS.lifetime.priceUsd)} as a one-time payment`;

const SECTIONS: readonly LegalSection[] = [
  {
    id: "user-accounts",
    title: "1. User Accounts",
    content: (
      <>
        <p>
          You can search {BRAND_NAME} without an account. To save funds or subscribe you need one, created with your
          e-mail address and a password or through a sign-in provider.
        </p>
        <ul>
          <li>You must be at least 16 years old to create an account.</li>
          <li>
            Give us accurate information and keep your e-mail address up to date: we use it for your account and
            billing.
          </li>
          <li>
            An account is for one person. Keep your password to yourself; you are responsible for what happens under
            your account, and you should tell us straight away if you think someone else has used it.
          </li>
          <li>
            You can deactivate or delete your account at any time in your account settings. We may suspend or close an
            account that breaks these terms; where the breach can be fixed, we will tell you first and give you the
            chance to fix it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "subscriptions-and-billing",
    title: "2. Subscriptions and Billing",
    content: (
      <>
        <p>
          The free plan shows the top 3 matches for each search. Paid plans show every match, the funds' contact details
          and investment criteria, and let you save favourites:
        </p>
        <ul>
          <li>
            <strong>Premium</strong>: {monthly}, billed in advance at the start of each monthly billing cycle and
            renewed automatically until you cancel.
          </li>
          <li>
            <strong>Lifetime</strong>: {lifetime}. It gives you Premium access for as long as {BRAND_NAME} runs, and
            adds an Excel export of all funds.
          </li>
        </ul>
        <p>
          Card payments are processed by a third-party payment processor, Stripe. Your card details go directly to
          Stripe and never reach our servers; Stripe's own terms and privacy policy apply to the payment.
        </p>
        <p>
          <strong>Cancelling.</strong> You may cancel at any time from the billing portal linked on your subscription
          page. Cancellation takes effect at the end of the current billing cycle: you keep Premium until then, and you
          are not charged again.
        </p>
        <p>
          <strong>No refunds.</strong> Subscriptions are non-refundable: we do not refund or credit partial billing
          cycles, unused time or the Lifetime payment, except where the law gives you a right to a refund.
        </p>
        <p>
          <strong>Pausing.</strong> If a subscription is paused, the pause takes effect at the end of the current
          billing period; Premium features are unavailable while it is paused, and billing resumes on the next billing
          date once it is resumed.
        </p>
        <p>
          If we change the price of Premium, we will tell you at least 30 days before your next renewal at the new
          price, so that you can cancel first if you wish.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "3. Acceptable Use",
    content: (
      <>
        <p>You may use {BRAND_NAME} to research investors for your own company. You may not:</p>
        <ul>
          <li>
            scrape, crawl or bulk-download the fund database or any substantial part of it, by script or by hand, or
            copy, resell, republish or build a competing product from it;
          </li>
          <li>share your account or its login with others, or sell or lend access to paid features;</li>
          <li>
            attack, probe or overload the service, get around its paywall, rate limits or security, or access data or
            accounts that are not yours;
          </li>
          <li>use fund contact details to send spam or anything unrelated to raising money for your company;</li>
          <li>use the service for anything unlawful.</li>
        </ul>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "4. Intellectual Property",
    content: (
      <>
        <p>
          The {BRAND_NAME} website, its software and design, and the fund data compilation (our selection, verification
          and arrangement of the data) belong to us. While you follow these terms, we give you a personal,
          non-transferable licence to use them for your own fundraising, including any export your plan includes.
        </p>
        <p>
          Fund names, logos and trademarks belong to their owners. Showing a fund does not mean it endorses {BRAND_NAME}{" "}
          or is affiliated with us.
        </p>
        <p>
          Facts about funds (size, stages, industries, contact details) are provided for information. Funds change their
          focus and their people faster than any record can follow (each fund shows when it was last reviewed), so
          re-verify anything important with the fund before relying on it.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers-and-liability",
    title: "5. Disclaimers and Limitation of Liability",
    content: (
      <>
        <p>
          {BRAND_NAME} is a research tool. Nothing on it is investment, financial or legal advice, and a match is not a
          recommendation. We do not guarantee that any fund will reply to you, meet you or invest: funding is never
          guaranteed.
        </p>
        <p>
          The service and its data are provided "as is" and "as available". We work to keep them accurate and available,
          but we do not promise that the data is complete, correct or current, or that the service will be
          uninterrupted.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, lost profits or lost
          opportunities, or for decisions you make based on the data, and our total liability to you for any claim is
          limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits liability
          that cannot be limited by law, or your rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: "changes-to-terms",
    title: "6. Changes to These Terms",
    content: (
      <p>
        We may update these terms as the product changes. We give you 30 days' notice of material changes by e-mail or
        on the site before they take effect, and the date at the top of this page always shows the latest version. If
        you do not agree with a change, you can cancel your subscription and close your account before it takes effect;
        continuing to use {BRAND_NAME} afterwards means you accept the new terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "7. Contact",
    content: (
      <p>
        Questions about these terms? Write to us at <ContactEmail />. How we handle your personal data is described in
        our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  usePageMeta(PAGE_META["/terms"]);
  return (
    <LegalPage
      title="Terms of Service"
      updatedLabel="Last updated"
      updated={{ iso: "2025-08-07", text: "August 7, 2025" }}
      intro={
        <p>
          These terms govern your use of {BRAND_NAME}, the venture capital fund matching service: the website, the fund
          search, accounts and paid subscriptions. By using {BRAND_NAME} or creating an account you agree to them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
