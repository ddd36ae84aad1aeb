import { BadgeCheck, ChartColumn, Clock, Database, Flag, Inbox, Newspaper, Upload, Users } from "lucide-react";
import { ADMIN_TEXTS, DATA_ADMIN_TEXTS } from "../../shared/admin-texts.js";
import { CLAIM_TEXTS } from "../../shared/fund-claim-texts.js";
import { FUND_REPORT_TEXTS } from "../../shared/fund-report-texts.js";
import { JOB_TEXTS } from "../../shared/job-texts.js";
import { PITCH_TEXTS } from "../../shared/pitches.js";

/**
 * The admin pages, in one list: the admin navigation on every admin page and the admin's part of
 * the account menu both show it, so a new admin page is one line here (plus its route). It lives in
 * lib because the menu (auth feature) and the admin area are different features. Only modules the
 * signed-in chunks import use it: the home page's entry never carries it (docs/decisions/0006).
 */
export const ADMIN_PAGES = [
  { to: "/admin/import", label: ADMIN_TEXTS.importFunds, icon: Upload },
  { to: "/admin/funds", label: ADMIN_TEXTS.manageFunds, icon: Database },
  { to: "/admin/users", label: ADMIN_TEXTS.manageUsers, icon: Users },
  { to: "/admin/blog", label: ADMIN_TEXTS.manageBlog, icon: Newspaper },
  { to: "/admin/fund-reports", label: FUND_REPORT_TEXTS.adminNav, icon: Flag },
  { to: "/admin/claims", label: CLAIM_TEXTS.adminNav, icon: BadgeCheck },
  { to: "/admin/data", label: DATA_ADMIN_TEXTS.nav, icon: ChartColumn },
  { to: "/admin/jobs", label: JOB_TEXTS.nav, icon: Clock },
  { to: "/admin/pitch-reports", label: PITCH_TEXTS.adminNav, icon: Inbox },
] as const;
