import path from "node:path";
import type { Logger } from "pino";
import { EmailPreferencesService } from "./account/email-preferences.js";
import { PipelineReminders } from "./account/pipeline-reminders.js";
import { SavedSearchAlerts } from "./account/saved-search-alerts.js";
import { AccountService } from "./account/service.js";
import { AdminUsersService } from "./admin/users/service.js";
import { ensureAdminAccount } from "./auth/admin-account.js";
import { DemoIssuer, demoSignInProvider } from "./auth/demo-issuer/issuer.js";
import { configuredProvider, OidcSignIn } from "./auth/oidc.js";
import { AuthService } from "./auth/service.js";
import { SessionCache } from "./auth/session-cache.js";
import { type BillingGateway, createGateway } from "./billing/gateway.js";
import { BillingService } from "./billing/service.js";
import { AiWriterService } from "./blog/ai-writer/service.js";
import { PublishedPosts } from "./blog/published-posts.js";
import { BLOG_DATA, loadPublishedPosts } from "./blog/repository.js";
import { BlogService } from "./blog/service.js";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { VersionedSnapshot } from "./db/versioned-snapshot.js";
import { FundAdminService } from "./funds/admin-service.js";
import { AudienceRecorder } from "./funds/audience/recorder.js";
import { FundAudienceService } from "./funds/audience/service.js";
import { FundHistoryService } from "./funds/history-service.js";
import { FundImportService } from "./funds/import/service.js";
import { FundsIndexProvider } from "./funds/index-provider.js";
import { FundReportsService } from "./funds/reports/service.js";
import { FundsService } from "./funds/service.js";
import { FundTeamService } from "./funds/team-service.js";
import { InvestorsService, listedTeams } from "./investors/service.js";
import { registerProductJobs } from "./jobs/registry.js";
import { JobQueue, type JobQueueOptions } from "./jobs/service.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { postgresDeckStore } from "./pitches/deck-store.js";
import { parseS3Url } from "./pitches/s3-url.js";
import { PitchesService, pitchStatsForIndex } from "./pitches/service.js";
import { prepareShippedData } from "./shipped-data.js";

/** The S3 deck store (S3_URL), its SDK loaded only when one is configured. */
async function s3Decks(url: string) {
  const location = parseS3Url(url);
  if (!location) throw new Error("S3_URL must be https://ACCESS_KEY:SECRET_KEY@host/bucket");
  const { s3DeckStore } = await import("./pitches/s3-deck-store.js");
  return s3DeckStore(location);
}

/** Every domain's service, built once per app; routes get the ones they need. */
export type AppServices = {
  database: Database;
  auth: AuthService;
  /** This instance's signed-in sessions in memory (docs/decisions/0014-session-cache.md). */
  sessionCache: SessionCache;
  /** Present when social sign-in is on: the configured OpenID provider, or the demo provider. */
  oidc: OidcSignIn | undefined;
  /** The built-in demo sign-in provider (OIDC_MODE=demo); its page and endpoints are served then. */
  demoIssuer: DemoIssuer | undefined;
  account: AccountService;
  /** The optional e-mails' switches, their one-click unsubscribe, and their sending (sendListMail). */
  emailPreferences: EmailPreferencesService;
  adminUsers: AdminUsersService;
  funds: FundsService;
  fundImport: FundImportService;
  /** The admin's table, Edit and Delete of single funds. */
  fundAdmin: FundAdminService;
  fundsIndex: FundsIndexProvider;
  fundReports: FundReportsService;
  /** Fund teams (issue 24): membership, claims, and the check every fund-team call makes. */
  investors: InvestorsService;
  /** The fund's own editor and its history (issue 24): the facts a fund's team changes, and the admins' reverts. */
  fundTeam: FundTeamService;
  fundHistory: FundHistoryService;
  /** Founders' interest in each fund, counted (never who) and shown to the fund's team (issue 24). */
  fundAudience: FundAudienceService;
  billing: BillingService;
  blog: BlogService;
  /** This instance's copy of the published blog posts. */
  publishedPosts: VersionedSnapshot<PublishedPosts>;
  aiWriter: AiWriterService;
  /** Pitching through FundMatch (issue 39): founders' pitches and decks, fund teams' inboxes and answers. */
  pitches: PitchesService;
  /** The job queue on the database (docs/decisions/0022-job-queue.md); jobs are registered before start. */
  jobs: JobQueue;
  gateway: BillingGateway;
  mailer: Mailer;
};

export type ServiceOptions = {
  /** Use this database instead of opening one from the config (tests share one per file). */
  database?: Database;
  /** Send e-mail through this instead of SMTP_URL / the outbox (tests capture messages). */
  mailer?: Mailer;
  /** The job queue's clock and polling (tests move the clock and wait for signals). */
  jobs?: JobQueueOptions;
};

/**
 * Opens (or takes) the database, migrates it, seeds it on first start, ensures the configured
 * admin, then builds the services on top. `close` undoes what was started here.
 */
export async function createServices(
  config: Config,
  options: ServiceOptions,
  logger: Logger,
): Promise<{ services: AppServices; start(): Promise<void>; close(): Promise<void> }> {
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.DATA_DIR, "pglite"),
      seeded: config.SEED_ON_START,
      logger,
    }));
  const ownsDatabase = !options.database;
  // Seeding and the admin run under the migration lock, so that instances starting together do it once.
  await database.migrate(async () => {
    await prepareShippedData(database.db, logger, { seed: config.SEED_ON_START });
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const admin = await ensureAdminAccount(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      if (admin.outcome === "refused") {
        logger.warn({ email: config.ADMIN_EMAIL, outcome: admin.outcome }, admin.reason);
        // On the terminal too, whatever LOG_LEVEL says: the operator expects to be able to log in.
        if (config.NODE_ENV !== "test") console.error(admin.reason);
      } else {
        logger.info({ email: config.ADMIN_EMAIL, outcome: admin.outcome }, "admin account ensured");
      }
    }
  });

  const fundsIndex = new FundsIndexProvider(database, logger, async (db) => ({
    teams: await listedTeams(db),
    pitchStats: await pitchStatsForIndex(db),
  }));
  await fundsIndex.start();
  const publishedPosts = new VersionedSnapshot(
    database,
    BLOG_DATA,
    async (db) => {
      const { rows, version } = await loadPublishedPosts(db);
      return new PublishedPosts(rows, version);
    },
    logger,
    (posts) => ({ posts: posts.size }),
  );
  await publishedPosts.start();
  const sessionCache = new SessionCache(database, logger);
  await sessionCache.start();
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, "outbox"),
      logger,
    });
  // Where links in e-mails point: the configured address (PUBLIC_ORIGIN), never a request's Host.
  const publicOrigin = config.APP_ORIGIN;
  const auth = new AuthService(database.db, sessionCache, { mailer, logger, linkOrigin: publicOrigin });
  // Without OpenID keys the login page still shows the whole popup flow, against the labelled demo
  // provider (docs/decisions/0013); loadConfig refuses that in production unless asked for.
  const demoIssuer = config.OIDC_MODE === "demo" ? new DemoIssuer(database.db) : undefined;
  const oidc =
    config.OIDC_MODE === "oidc" && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? new OidcSignIn(
          database.db,
          configuredProvider({
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
          }),
        )
      : demoIssuer
        ? new OidcSignIn(database.db, demoSignInProvider(demoIssuer))
        : undefined;
  // The demo provider delivers its events in-process; the service exists once the gateway does.
  let billing: BillingService | undefined;
  const gateway = await createGateway(config, database.db, async (event) => {
    try {
      await billing?.handleEvent(event);
    } catch (error) {
      logger.error({ err: error, event: event.id, type: event.type }, "demo payment event not applied");
    }
  });
  billing = new BillingService(database.db, gateway, mailer, {
    publicOrigin,
    logger,
    userChanged: (userId) => auth.userChanged(userId),
  });
  const funds = new FundsService(fundsIndex, database.db);
  const emailPreferences = new EmailPreferencesService(database.db, mailer, {
    secret: config.EMAIL_TOKEN_SECRET,
    origin: publicOrigin,
    logger,
  });
  const jobs = new JobQueue(database, logger, options.jobs);
  registerProductJobs(jobs, {
    auth,
    pitches: {
      refreshPitchStats: (now) => pitches.refreshPitchStats(now),
      sendDigest: (now) => pitches.sendDigest(now),
    },
    pipelineReminders: new PipelineReminders(database.db, emailPreferences, funds, { origin: publicOrigin }),
    savedSearchAlerts: new SavedSearchAlerts(database.db, funds, emailPreferences, publicOrigin),
  });
  const investors = new InvestorsService(database.db, { funds, mailer, logger });
  const audienceRecorder = new AudienceRecorder(database.db, (userIds) => investors.membershipsOf(userIds), logger);
  const fundReports = new FundReportsService(database.db, funds, mailer, { origin: publicOrigin, logger });
  const account = new AccountService(
    database.db,
    fundsIndex,
    auth,
    billing,
    fundReports,
    mailer,
    audienceRecorder,
    () => pitches,
  );
  const pitches = new PitchesService(database.db, {
    funds,
    investors,
    pipeline: account,
    mailer,
    emailPreferences,
    decks: config.S3_URL ? await s3Decks(config.S3_URL) : postgresDeckStore,
    origin: publicOrigin,
    logger,
    statsChanged: () => fundsIndex.invalidate(),
  });
  const services: AppServices = {
    database,
    auth,
    sessionCache,
    oidc,
    demoIssuer,
    account,
    emailPreferences,
    adminUsers: new AdminUsersService(database.db, billing, auth, account, pitches),
    funds,
    fundImport: new FundImportService(database.db, fundsIndex),
    fundAdmin: new FundAdminService(database.db, fundsIndex, fundReports),
    fundsIndex,
    fundReports,
    investors,
    fundTeam: new FundTeamService(database.db, fundsIndex),
    fundHistory: new FundHistoryService(database.db, fundsIndex),
    fundAudience: new FundAudienceService(database.db, audienceRecorder, investors),
    billing,
    blog: new BlogService(database.db, publishedPosts),
    publishedPosts,
    aiWriter: new AiWriterService({
      mode: config.AI_WRITER_MODE,
      llm: {
        apiKey: config.LLM_API_KEY,
        baseUrl: config.LLM_BASE_URL,
        model: config.LLM_MODEL,
        timeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
      },
      allowHosts: config.AI_WRITER_ALLOW_HOSTS,
      logger,
    }),
    pitches,
    jobs,
    gateway,
    mailer,
  };
  return {
    services,
    async start() {
      audienceRecorder.start();
      await jobs.start();
    },
    async close() {
      // The queued counts first, while the database is open: none is lost on shutdown.
      await audienceRecorder.stop();
      await jobs.stop();
      await auth.drain();
      await sessionCache.stop();
      await fundsIndex.stop();
      await publishedPosts.stop();
      await mailer.close();
      pitches.close();
      if (ownsDatabase) await database.close();
    },
  };
}
