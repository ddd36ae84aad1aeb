import type { Logger } from "pino";
import { canEditFund } from "../../shared/entitlements.js";
import {
  CLAIM_TEXTS,
  CLAIMS_PER_ACCOUNT_PER_HOUR,
  CLAIMS_PER_FUND_PER_HOUR,
  type ClaimDecision,
  type ClaimOutcome,
  fundEditorPath,
} from "../../shared/fund-claim-texts.js";
import { CLAIM_LINK_TTL_MS } from "../../shared/fund-team.js";
import {
  ADMIN_CLAIMS_LIMIT,
  type AdminFundClaim,
  type AdminFundClaimsResponse,
  type FundClaimRequest,
} from "../../shared/schemas/fund-claims.js";
import type { ListedTeamMember } from "../../shared/schemas/funds.js";
import type { TeamListing } from "../../shared/schemas/investor.js";
import { hashToken, newSessionToken } from "../auth/tokens.js";
import type { Db } from "../db/client.js";
import type { FundClaimRow, UserRow } from "../db/types.js";
import { conflict, forbidden, invalid, notFound, rateLimited, upstreamFailed } from "../errors.js";
import type { FundsService } from "../funds/service.js";
import type { Mailer } from "../mail/mailer.js";
import { fundClaimDecisionEmail, fundClaimVerificationEmail } from "../mail/templates.js";
import { findUsersByIds } from "../users/repository.js";
import { emailMatchesFundWebsite } from "./claim-domain.js";
import * as investorsRepository from "./repository.js";

const HOUR_MS = 60 * 60 * 1000;

export type InvestorsDeps = {
  /** The funds' names and websites: the funds domain owns their table. */
  funds: Pick<FundsService, "fundsByIds">;
  mailer: Mailer;
  logger: Pick<Logger, "error" | "info">;
};

/** Where a link or a page of the app is: the app's public origin, without a trailing slash. */
const appUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, "")}${path}`;

/** The e-mailed link's page; the token stays in the browser (the page posts it). */
export function claimVerifyLink(origin: string, token: string): string {
  return appUrl(origin, `/claim/verify?token=${encodeURIComponent(token)}`);
}

/** A claim as the admins see it: with the fund's name and the claimant's account. */
type AdminClaim = FundClaimRow & { fundName: string; displayName: string; accountEmail: string };

function toAdminClaim(row: AdminClaim): AdminFundClaim {
  return {
    id: row.id,
    fund: { id: row.fundId, name: row.fundName },
    claimant: { id: row.userId, displayName: row.displayName, email: row.accountEmail },
    email: row.email,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Code-unit order: the names sort the same on every instance, whatever the locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a member's listing is before they ever set it: not listed. */
const NOT_LISTED: TeamListing = { listed: false, name: null, role: null, linkedin: null };

/**
 * Fund teams (issue 24): who belongs to which fund, the one check every fund-team call makes, and
 * the claims that make an account a member (docs/investors.md).
 */
export class InvestorsService {
  constructor(
    private readonly db: Db,
    private readonly deps: InvestorsDeps,
  ) {}

  memberFundIds(userId: number): Promise<number[]> {
    return investorsRepository.memberFundIds(this.db, userId);
  }

  /** Which funds each of these accounts is on the team of (the audience counts leave members out). */
  membershipsOf(userIds: readonly number[]): Promise<Map<number, Set<number>>> {
    return investorsRepository.membershipsOf(this.db, userIds);
  }

  /** A fund's members with the work addresses their memberships were proven with (pitches' mail). */
  membersOfFund(fundId: number): Promise<Array<{ userId: number; email: string }>> {
    return investorsRepository.membersOfFund(this.db, fundId);
  }

  /** Throws `forbidden` unless the account is on this fund's team (`canEditFund`). */
  async assertCanEditFund(userId: number, fundId: number): Promise<void> {
    const fundIds = await this.memberFundIds(userId);
    if (!canEditFund(fundIds, fundId)) throw forbidden("You are not a member of this fund's team.");
  }

  /** The funds whose team the account is on, with their names (the fund page and the menu ask). */
  async memberFunds(userId: number): Promise<Array<{ id: number; name: string }>> {
    const funds = await this.deps.funds.fundsByIds(await this.memberFundIds(userId));
    return [...funds.values()]
      .map((fund) => ({ id: fund.id, name: fund.name }))
      .sort((a, b) => byText(a.name, b.name) || a.id - b.id);
  }

  /** The fund's name and website, as the claim checks it; undefined for no such fund. */
  private async findFund(fundId: number): Promise<{ id: number; name: string; website: string | null } | undefined> {
    const fund = (await this.deps.funds.fundsByIds([fundId])).get(fundId);
    return fund && { id: fund.id, name: fund.name, website: fund.website };
  }

  /**
   * The claims with their funds' names and claimants' accounts (one read of each for the list);
   * a claim whose fund or account is gone is left out, as the foreign keys would have taken it.
   */
  private async withNames(claims: readonly FundClaimRow[]): Promise<AdminClaim[]> {
    const [funds, accounts] = await Promise.all([
      this.deps.funds.fundsByIds(claims.map((claim) => claim.fundId)),
      this.accountsByIds(claims.map((claim) => claim.userId)),
    ]);
    return claims.flatMap((claim) => {
      const fund = funds.get(claim.fundId);
      const account = accounts.get(claim.userId);
      if (!fund || !account) return [];
      return [{ ...claim, fundName: fund.name, displayName: account.displayName, accountEmail: account.email }];
    });
  }

  private async accountsByIds(ids: readonly number[]): Promise<Map<number, UserRow>> {
    const rows = await findUsersByIds(this.db, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * "Claim this profile". An address at the fund website's registrable domain (or a subdomain of
   * it) gets a single-use link valid 24 hours; any other address, or any address for a fund without
   * a usable website, goes to the admins with the note. The answer depends on that match alone:
   * nothing is looked up about the address itself. Limited per account (every claim) and per fund
   * (claims for review only: a claim at the fund's own domain is never refused because others filled
   * the fund's hour, so two accounts cannot lock the real team out). Counted in the database, and
   * counted and inserted under the account's and the fund's locks, so that parallel claims on any
   * number of instances cannot all pass the same count.
   */
  async claim(
    userId: number,
    fundId: number,
    input: FundClaimRequest,
    linkOrigin: string,
    now = new Date(),
  ): Promise<{ status: ClaimOutcome }> {
    const fund = await this.findFund(fundId);
    if (!fund) throw notFound("Fund not found.");
    // Links that expired unused are swept on the way, as the password links are.
    await investorsRepository.deleteExpiredLinks(this.db, now);
    if (canEditFund(await this.memberFundIds(userId), fundId)) throw conflict(CLAIM_TEXTS.alreadyMember);
    const atFundDomain = emailMatchesFundWebsite(input.email, fund.website);
    const token = atFundDomain ? newSessionToken() : null;
    const since = new Date(now.getTime() - HOUR_MS);
    const claim = await this.db.transaction(async (tx) => {
      await investorsRepository.lockClaimLimits(tx, userId, fundId);
      if ((await investorsRepository.countClaimsSince(tx, { userId }, since)) >= CLAIMS_PER_ACCOUNT_PER_HOUR) {
        throw rateLimited(CLAIM_TEXTS.tooManyAccount);
      }
      if (
        !atFundDomain &&
        (await investorsRepository.countClaimsSince(tx, { fundId }, since)) >= CLAIMS_PER_FUND_PER_HOUR
      ) {
        throw rateLimited(CLAIM_TEXTS.tooManyFund);
      }
      return investorsRepository.insertClaim(tx, {
        fundId,
        userId,
        email: input.email,
        note: input.note ?? null,
        status: token ? "verification_sent" : "pending_review",
        tokenHash: token ? hashToken(token) : null,
        expiresAt: token ? new Date(now.getTime() + CLAIM_LINK_TTL_MS) : null,
        createdAt: now,
      });
    });
    if (!token) return { status: "pending_review" };
    try {
      await this.deps.mailer.send(
        await fundClaimVerificationEmail({
          to: input.email,
          fundName: fund.name,
          link: claimVerifyLink(linkOrigin, token),
        }),
      );
    } catch (error) {
      // A link nobody received must not count against the person or block a new one.
      this.deps.logger.error({ err: error, claimId: claim.id }, "could not send a fund claim's verification e-mail");
      await investorsRepository.deleteClaim(this.db, claim.id);
      throw upstreamFailed(CLAIM_TEXTS.failed);
    }
    return { status: "verification_sent" };
  }

  /**
   * The e-mailed link, followed by a signed-in account: spends it and makes the account a member.
   * Only the account that claimed may use it (another account is refused and the link stays
   * usable for the right one); an unknown, used or expired link is refused the same way.
   */
  async verify(userId: number, token: string, now = new Date()): Promise<{ fund: { id: number; name: string } }> {
    const tokenHash = hashToken(token);
    const live = await investorsRepository.findLiveLink(this.db, tokenHash, now);
    if (!live) throw invalid(CLAIM_TEXTS.linkInvalid);
    if (live.userId !== userId) throw forbidden(CLAIM_TEXTS.wrongAccount);
    const fundId = await this.db.transaction(async (tx) => {
      const spent = await investorsRepository.spendLink(tx, tokenHash, userId, now);
      if (!spent) return undefined;
      await investorsRepository.addMember(tx, {
        fundId: spent.fundId,
        userId,
        via: "email",
        email: spent.email,
        joinedAt: now,
      });
      return spent.fundId;
    });
    if (fundId === undefined) throw invalid(CLAIM_TEXTS.linkInvalid);
    const fund = await this.findFund(fundId);
    if (!fund) throw notFound("Fund not found.");
    return { fund: { id: fund.id, name: fund.name } };
  }

  /** The admins' page: the claims under review and every fund's team. */
  async adminList(): Promise<AdminFundClaimsResponse> {
    const [pending, allMembers] = await Promise.all([
      investorsRepository.listPendingClaims(this.db, ADMIN_CLAIMS_LIMIT),
      investorsRepository.listMembers(this.db),
    ]);
    // The teams by fund name (then fund id, then who joined first), one page of them.
    const fundNames = await this.deps.funds.fundsByIds(allMembers.map((row) => row.fundId));
    const named = allMembers.flatMap((row) => {
      const fund = fundNames.get(row.fundId);
      return fund ? [{ ...row, fundName: fund.name }] : [];
    });
    named.sort((a, b) => byText(a.fundName, b.fundName) || a.fundId - b.fundId);
    const page = named.slice(0, ADMIN_CLAIMS_LIMIT);
    const [claims, accounts] = await Promise.all([
      this.withNames(pending),
      this.accountsByIds(page.map((row) => row.userId)),
    ]);
    return {
      claims: claims.map(toAdminClaim),
      members: page.flatMap((row) => {
        const account = accounts.get(row.userId);
        if (!account) return [];
        return [
          {
            fund: { id: row.fundId, name: row.fundName },
            user: { id: row.userId, displayName: account.displayName, email: account.email },
            email: row.email,
            via: row.via,
            joinedAt: row.joinedAt.toISOString(),
          },
        ];
      }),
    };
  }

  /**
   * Approves (the account joins the fund's team) or refuses (with an optional reason) a claim under
   * review; the claimant is told at their account's address, the one FundMatch knows is theirs.
   * A claim already decided is refused with 409, so two admins cannot decide it twice.
   */
  async decide(
    adminId: number,
    claimId: number,
    decision: ClaimDecision,
    reason: string | undefined,
    linkOrigin: string,
    now = new Date(),
  ): Promise<{ message: string }> {
    const found = await investorsRepository.findClaim(this.db, claimId);
    const [claim] = found ? await this.withNames([found]) : [];
    if (!claim) throw notFound(CLAIM_TEXTS.claimNotFound);
    const status = decision === "approve" ? "approved" : "refused";
    const decided = await this.db.transaction(async (tx) => {
      const row = await investorsRepository.decideClaim(tx, claimId, {
        status,
        adminId,
        note: status === "refused" ? (reason ?? null) : null,
        now,
      });
      if (row && status === "approved") {
        await investorsRepository.addMember(tx, {
          fundId: row.fundId,
          userId: row.userId,
          via: "admin",
          email: row.email,
          joinedAt: now,
        });
      }
      return row;
    });
    if (!decided) throw conflict(CLAIM_TEXTS.alreadyDecided);
    try {
      await this.deps.mailer.send(
        await fundClaimDecisionEmail(
          status === "approved"
            ? {
                to: claim.accountEmail,
                fundName: claim.fundName,
                decision: "approved",
                editorLink: appUrl(linkOrigin, fundEditorPath(claim.fundId)),
              }
            : { to: claim.accountEmail, fundName: claim.fundName, decision: "refused", reason: reason ?? null },
        ),
      );
    } catch (error) {
      // The decision stands; the claimant sees it on the fund page either way.
      this.deps.logger.error({ err: error, claimId }, "could not e-mail a fund claim's decision");
    }
    return { message: status === "approved" ? CLAIM_TEXTS.approved : CLAIM_TEXTS.refused };
  }

  /** An admin removes an account from a fund's team. */
  async removeMember(fundId: number, userId: number): Promise<{ message: string }> {
    if (!(await investorsRepository.removeMember(this.db, fundId, userId))) throw notFound(CLAIM_TEXTS.memberNotFound);
    return { message: CLAIM_TEXTS.removed };
  }

  /** The member's own line on the fund's team (the caller checked the membership). */
  async listing(fundId: number, userId: number): Promise<TeamListing> {
    const row = await investorsRepository.findListing(this.db, fundId, userId);
    if (!row) return NOT_LISTED;
    return { listed: row.listed, name: row.listedName, role: row.listedRole, linkedin: row.listedLinkedin };
  }

  /** Sets the member's own listing: opt-in, removable at any time (`listed: false`). */
  async updateListing(fundId: number, userId: number, listing: TeamListing): Promise<void> {
    const updated = await investorsRepository.updateListing(this.db, fundId, userId, {
      listed: listing.listed,
      listedName: listing.name,
      listedRole: listing.role,
      listedLinkedin: listing.linkedin,
    });
    if (!updated) throw forbidden("You are not a member of this fund's team.");
  }
}

/**
 * The listed team of every fund (members who opted in), for the funds' index: read with the funds'
 * snapshot on the snapshot's own transaction `db`. A change to a listing bumps the funds' data
 * version (the fund_members trigger), so the index is rebuilt with it.
 */
export async function listedTeams(db: Db): Promise<Map<number, ListedTeamMember[]>> {
  const teams = new Map<number, ListedTeamMember[]>();
  for (const row of await investorsRepository.listedMembers(db)) {
    const member = { name: row.name, role: row.role, linkedin: row.linkedin };
    const team = teams.get(row.fundId);
    if (team) team.push(member);
    else teams.set(row.fundId, [member]);
  }
  return teams;
}
