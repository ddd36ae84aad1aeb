/** Product identity and the links the page shell shows; change them here and every page follows. */
export const PRODUCT_NAME = "Venture Capital Fund Matching";
export const BRAND_NAME = "FundMatch";
/** The product's contact address (the footer of every e-mail; there is no postal address yet). */
export const CONTACT_EMAIL = "hello@fundmatch.example";

export function pageTitle(page?: string): string {
  return page ? `${page} | ${PRODUCT_NAME}` : `${BRAND_NAME} | ${PRODUCT_NAME}`;
}

export const SOCIAL_LINKS = [
  { id: "newsletter", label: "Newsletter", href: "https://fundmatch.substack.com" },
  { id: "email", label: "Contact us by e-mail", href: `mailto:${CONTACT_EMAIL}` },
  { id: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/company/fundmatch" },
  { id: "telegram", label: "Telegram", href: "https://t.me/fundmatch" },
  { id: "community", label: "Community forum", href: "https://community.fundmatch.example" },
] as const;

export type SocialLinkId = (typeof SOCIAL_LINKS)[number]["id"];
