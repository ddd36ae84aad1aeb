import { Link } from "react-router";
import { BRAND_NAME, SOCIAL_LINKS } from "../../shared/site.js";
import { BrandLogo } from "./brand-logo.js";
import { SocialIcon } from "./social-icon.js";

const FOOTER_LINKS = [
  { to: "/blog", label: "Blog" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <BrandLogo />
            <p className="mt-3 text-sm text-slate-600">
              Venture capital fund matching for startup founders: the right investors for your country, stage and
              industry.
            </p>
          </div>
          <ul aria-label="Follow FundMatch" className="flex flex-wrap gap-2">
            {SOCIAL_LINKS.map((link) => {
              const external = !link.href.startsWith("mailto:");
              return (
                <li key={link.id}>
                  <a
                    href={link.href}
                    aria-label={link.label}
                    title={link.label}
                    {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    className="flex size-10 items-center justify-center rounded-full border border-slate-200 text-slate-600 transition-colors hover:border-indigo-200 hover:bg-indigo-50 hover:text-indigo-700"
                  >
                    <SocialIcon id={link.id} className="size-4.5" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="flex flex-col-reverse gap-4 border-t border-slate-200 pt-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {BRAND_NAME}
          </p>
          <nav aria-label="Legal">
            <ul className="flex gap-6">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-slate-900 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
