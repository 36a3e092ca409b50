import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from './platform/config';
import { createPlatform, type Platform, type PlatformOverrides } from './platform/platform';
import type { AppModule } from './platform/module';
import { createQueues, startJobs } from './platform/jobs';
import { checkMails } from './platform/mail/define';
import { createRouter } from './platform/http/route';
import { createAccountsModule, type AccountsApi } from './modules/accounts';
import type { SessionStore, AuthGuard } from './modules/accounts';
import type { Notifications } from './modules/notifications';
import type { DeliveryApi } from './modules/delivery';
import { createNotificationsModule } from './modules/notifications';
import { createDeliveryModule, type DeliveryWorkerOptions } from './modules/delivery';
import {
  createVideosModule,
  videoTempDir,
  type DeliveryScheduler,
  type VideoPayments,
  type VideoWorkerOptions,
} from './modules/videos';
import { createMediaModule, type IntegritySweep } from './modules/media';
import { createQueriesModule } from './modules/queries';
import { createPlansModule } from './modules/plans';
import { createPaymentsModule, type PaymentsApi } from './modules/payments';
import { createBannerAdsModule } from './modules/banner-ads';
import { createFuneralHomesModule } from './modules/funeral-homes';
import { createDashboardModule } from './modules/dashboard';
import { createAdminAccountsModule } from './modules/admin-accounts';
import { createAuditModule } from './modules/audit';
import { createAccountDataModule, type AccountDataApi } from './modules/account-data';
import { createLegacyModule, type LegacyApi, type LegacyWorkerOptions } from './modules/legacy';
import { createPolicyModule, type PolicyApi } from './modules/policy';
import { createMemorialModule } from './modules/memorial';
import { createCaptionsModule, type CaptionsApi } from './modules/captions';
import { loadRecognizer, type RecognizerLoad } from './platform/media/recognizer';

/** Tests and the bench tune the workers (back-off, polling, batch sizes). */
export interface WorkerTuning {
  delivery?: Partial<DeliveryWorkerOptions>;
  videos?: VideoWorkerOptions;
  legacy?: Partial<LegacyWorkerOptions>;
}

export interface ComposeOverrides extends PlatformOverrides {
  /** What the video service calls on schedule changes (the delivery module's unless a test records it). */
  deliveryScheduler?: DeliveryScheduler;
  /** Extra video length bought with a payment (the payments module's unless a test replaces it). */
  videoPayments?: VideoPayments;
}

/** What tests and the bench reach into: the platform parts and what the modules offer each other. */
export interface CompositionView extends Platform {
  sessions: SessionStore;
  auth: AuthGuard;
  notifications: Notifications;
  delivery: DeliveryApi;
  deliveryScheduler: DeliveryScheduler;
  videoPayments: VideoPayments;
  /** The payments module's API (plans held, the subscriptions' daily job). */
  plansHeld: PaymentsApi;
  /** Exports and deletions: the sweeper, run at will by tests. */
  accountData: AccountDataApi;
  /** The legacy release's job work and sweep (tests run them with a moved clock). */
  legacy: LegacyApi;
  /** Caption tracks: the sweep of files whose track is gone, run at will by tests. */
  captions: CaptionsApi;
  /** The policy version's announcement and acknowledgements (tests run its batches at will). */
  policy: PolicyApi;
  /** The stored objects' integrity sweep and its notices (decision 0340). */
  integrity: IntegritySweep;
}

/** The whole application, built once: the platform parts and every module. */
export interface Composition {
  platform: Platform;
  accounts: AccountsApi;
  /** The policy version in force: recorded at every start (docs/product.md §11.7). */
  policy: PolicyApi;
  modules: Array<AppModule<unknown>>;
  /** The platform and the modules' APIs in one view, for tests and the bench; no module receives it. */
  deps: CompositionView;
  /** Worker tuning in force for the next `startWorkers`. */
  tuning: WorkerTuning;
  /** The automatic captions' recognizer as the start found it: ready, not set up, or refused and why. */
  recognition: RecognizerLoad;
}

/**
 * The composition root (docs/architecture.md): the one place that builds the platform and every module,
 * once, and wires what modules need of each other. `platform/` knows no module; modules know each other
 * only through their `index.ts`.
 */
export async function compose(
  config: AppConfig,
  logger: FastifyBaseLogger,
  overrides: ComposeOverrides = {},
): Promise<Composition> {
  const platform = await createPlatform(config, logger, overrides);
  const tuning: WorkerTuning = {};
  const notifications = createNotificationsModule(platform);
  // Payments is built after the modules that ask about plans: they call it late, at request time.
  const plansHeld = (): PaymentsApi => payments.api;
  const accounts = createAccountsModule(platform, {
    notifications: notifications.api,
    activePlans: (accountId, type) => plansHeld().activePlans(accountId, type),
    // Delivery is built after accounts: called at request time, in the activation's transaction.
    resumeDeliveries: (ownerId, tx) => delivery.api.resumeForOwner(ownerId, tx),
  });
  const delivery = createDeliveryModule(
    platform,
    {
      notifications: notifications.api,
      holdsMembership: (ownerId, tx) => plansHeld().hasRunningPlan(ownerId, 'membership', tx),
      // Videos are built after delivery: asked at request time (a granted watch link, docs/product.md §6.7).
      videoAccess: {
        check: (actor, permission, id) => videos.api.access.check(actor, permission, id),
        grantHolds: (granterId, id, tx) => videos.api.access.grantHolds(granterId, id, tx),
      },
    },
    () => tuning.delivery,
  );
  const plans = createPlansModule(platform);
  const bannerAds = createBannerAdsModule(platform, {
    notifications: notifications.api,
    holdsAdFree: (accountId) => plansHeld().hasRunningPlan(accountId, 'ad-free'),
  });
  const payments = createPaymentsModule(platform, {
    plans: plans.api,
    notifications: notifications.api,
    bannerPayments: bannerAds.api.bannerPayments,
  });
  const videoPayments = overrides.videoPayments ?? payments.api.videoPayments;
  const videos = createVideosModule(
    platform,
    {
      deliveryScheduler: overrides.deliveryScheduler ?? delivery.api,
      videoPayments,
      guardFor: accounts.api.guardFor,
      // Legacy is built after videos: asked at request time (a final message's release).
      releaseOf: (ownerId, tx) => legacy.api.releaseOf(ownerId, tx),
      // Captions are built after videos: called in the transaction that makes a video's media ready.
      mediaReady: (videoId, tx) => captions.api.mediaReady(videoId, tx),
    },
    () => tuning.videos,
  );
  const funeralHomes = createFuneralHomesModule(platform, {
    notifications: notifications.api,
    homesWithPlan: (accountIds, tx) => plansHeld().accountsWithRunningPlan('funeral-home', accountIds, tx),
    videos: videos.api,
    shareLink: (input) => delivery.api.share(input),
    watchGrants: delivery.api,
    // Legacy is built after funeral homes: asked at request time (a final message's release).
    releaseOf: (ownerId, tx) => legacy.api.releaseOf(ownerId, tx),
    // The memorial module is built later too: asked at request time.
    memorialsOf: (homeIds) => memorial.api.listedOfHomes(homeIds),
  });
  const media = createMediaModule(platform, { notifications: notifications.api });
  const queries = createQueriesModule(platform);
  const dashboard = createDashboardModule(platform);
  const audit = createAuditModule(platform, { notifications: notifications.api });
  const adminAccounts = createAdminAccountsModule(platform, { videos: videos.api, audit: audit.api });
  const accountData = createAccountDataModule(platform, {
    notifications: notifications.api,
    passwordMatches: accounts.api.passwordMatches,
    removeAccount: accounts.api.removeAccount,
    anonymisePayments: payments.api.anonymisePaymentsOf,
    forgetRequester: funeralHomes.api.forgetRequester,
    holdEnded: accounts.api.holdEnded,
    purgeSignInLeftovers: (now) => accounts.api.purgeSignInLeftovers(now),
    // The memorial module is built after this one: called at the notice's time.
    noticeBeforeRetention: (accountId, endedAt, deleteOn, tx) =>
      memorial.api.noticeBeforeRetention(accountId, endedAt, deleteOn, tx),
  });
  const legacy = createLegacyModule(
    platform,
    {
      notifications: notifications.api,
      finalByAccessCode: (code) => videos.api.finalByAccessCode(code),
      recordWatchGrant: (input, tx) => delivery.api.record(input, tx),
      async withdrawForReseal(ownerId, videoId, tokenHashes, tx) {
        await delivery.api.revokeForReseal(ownerId, videoId, tokenHashes, tx);
        return funeralHomes.api.withdrawForReseal(ownerId, videoId, tx);
      },
      isListedHome: async (accountId) =>
        (await plansHeld().accountsWithRunningPlan('funeral-home', [accountId])).has(accountId),
      // The memorial is built after legacy: called at release time, in the release's transaction.
      openMemorial: (ownerId, tx) => memorial.api.openAtRelease(ownerId, tx),
      memorialPathOf: (ownerId) => memorial.api.pathOf(ownerId),
    },
    () => tuning.legacy,
  );
  const memorial = createMemorialModule(platform, {
    videoJson: (videoId) => videos.api.viewFor(videoId, 0),
    contactByLink: (token) => legacy.api.contactByLink(token),
  });
  const policy = createPolicyModule(platform, { notifications: notifications.api });
  // Opened once, at the start: its files' sums are checked before the engine reads them
  // (docs/operations.md §Automatic captions).
  const recognition = await loadRecognizer(config.ASR_MODEL_DIR, config.ASR_MODEL_SHA256);
  const captions = createCaptionsModule(platform, {
    videos: { require: videos.api.access.require, media: videos.api.media },
    tempDir: videoTempDir(config.DATA_DIR),
    recognition,
  });

  const deps: CompositionView = {
    ...platform,
    sessions: accounts.api.sessions,
    auth: accounts.api.auth,
    notifications: notifications.api,
    delivery: delivery.api,
    deliveryScheduler: overrides.deliveryScheduler ?? delivery.api,
    videoPayments,
    plansHeld: payments.api,
    accountData: accountData.api,
    legacy: legacy.api,
    policy: policy.api,
    captions: captions.api,
    integrity: media.api,
  };
  const modules = [
    accounts,
    notifications,
    delivery,
    videos,
    media,
    queries,
    plans,
    payments,
    bannerAds,
    funeralHomes,
    dashboard,
    audit,
    adminAccounts,
    accountData,
    legacy,
    memorial,
    policy,
    captions,
  ] as Array<AppModule<unknown>>;
  try {
    // Every kind of e-mail has one template, its module's; rows left to send of a kind no module
    // registers (an upgrade that dropped it) stop the start here, in every process, as a queue does.
    await platform.outbox.useMails(checkMails(modules));
    // Every process sends jobs, so every queue exists before the first request (pg-boss needs it).
    // One process at a time: pg-boss's queue creation deadlocked when processes started together.
    // A queue without its handler, or a handler without its queue, stops the start here, in every process.
    await platform.database.exclusively('queues', () => createQueues(platform.queue, modules));
  } catch (error) {
    // A start refused leaves nothing running: the caller sees the error, not a process held open.
    await platform.queue.stop({ graceful: false, wait: true });
    platform.mailer.close();
    if (!overrides.database) await platform.database.close();
    throw error;
  }
  for (const module of modules) module.listen?.();
  return { platform, accounts: accounts.api, policy: policy.api, modules, deps, tuning, recognition };
}

/** Registers every module's routes under /api (called by buildApp). */
export async function registerModules(api: FastifyInstance, composition: Composition): Promise<void> {
  const router = createRouter(api, composition.accounts.guardFor);
  for (const module of composition.modules) await module.routes?.(router, api);
}

/**
 * Starts every module's job handlers (ROLE=worker or all), in the order the modules were built, and
 * answers how to stop them (in reverse, each waiting for its running jobs): platform/jobs.
 */
export async function startWorkers(
  composition: Composition,
  tuning: WorkerTuning = {},
): Promise<() => Promise<void>> {
  Object.assign(composition.tuning, tuning);
  const { queue, logger, database } = composition.platform;
  return startJobs(queue, composition.modules, logger, database.listen);
}
