import { asc, eq, type Column } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { accountsView } from '../accounts';
import { columnsOf } from '../../platform/db/read-only';
import { adminReadsView as adminReads } from '../audit';
import { bannerAdsView as bannerAds } from '../banner-ads';
import { captionTracksView as captionTracks } from '../captions';
import { scheduledDeliveriesView as scheduledDeliveries } from '../delivery';
import {
  funeralLocationsView as funeralLocations,
  funeralRequestsView as funeralRequests,
  funeralServicesView as funeralServices,
} from '../funeral-homes';
import { notificationsView as notifications } from '../notifications';
import { paymentsView as payments, subscriptionsView as subscriptions } from '../payments';
import { plansView as plans } from '../plans';
import { videosView as videos } from '../videos';
import { readMoreSections } from './export.more';
import { readMemorialSections } from './export.memorial';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const money = (cents: number) => (cents / 100).toFixed(2);

/** A video of the archive: its file in storage and what is written beside it. */
export interface ExportVideo {
  id: number;
  mediaKey: string | null;
  thumbnailKey: string | null;
  /** Its caption tracks' WebVTT files, written beside the video as `video.<language>.vtt`. */
  captions: Array<{ language: string; key: string }>;
  info: Record<string, unknown>;
}

/** What the archive holds besides the video files: one JSON file per section (docs/product.md §11.5). */
export interface ExportContents {
  profile: Record<string, unknown>;
  photoKey: string | null;
  videos: ExportVideo[];
  sections: Record<string, unknown[]>;
}

/**
 * Everything the product holds about one account, read (never written) from the owning modules' tables:
 * profile, videos, schedules, forms sent, payments (brand and last four only), subscriptions, banner ads
 * notifications, administrators' reads of it, and the sections of export.more.ts. Other people's data is left out (a funeral home's received requests are the
 * families', and stay with the home only while it exists).
 */
export async function readExportContents(db: Db, accountId: number): Promise<ExportContents | null> {
  /** A section's rows: the account's (by the column naming it), oldest first. */
  const ofAccount = <Q extends PgSelect>(query: Q, owner: Column, id: Column) =>
    query.where(eq(owner, accountId)).orderBy(asc(id));
  const [account] = await db.select().from(users).where(eq(users.id, accountId));
  if (!account) return null;
  const profile = {
    id: account.id,
    type: account.type,
    email: account.email,
    first_name: account.firstName,
    last_name: account.lastName,
    home_name: account.homeName,
    dialing_code: account.dialingCode,
    phone: account.phone,
    address: account.address,
    map_link: account.mapLink,
    date_of_birth: account.dateOfBirth,
    created_at: iso(account.createdAt),
  };

  const videoRows = await ofAccount(db.select().from(videos).$dynamic(), videos.ownerId, videos.id);
  const trackRows = await ofAccount(
    db.select().from(captionTracks).$dynamic(),
    captionTracks.ownerId,
    captionTracks.id,
  );
  const tracksOf = (videoId: number) =>
    trackRows
      .filter((track) => track.videoId === videoId)
      .sort((a, b) => a.language.localeCompare(b.language));
  const videoList: ExportVideo[] = videoRows.map((video) => ({
    id: video.id,
    mediaKey: video.state === 'ready' ? video.mediaKey : null,
    thumbnailKey: video.state === 'ready' ? video.thumbnailKey : null,
    captions: tracksOf(video.id).map((track) => ({ language: track.language, key: track.objectKey })),
    info: {
      id: video.id,
      title: video.title,
      description: video.description,
      folder: video.folder,
      state: video.state,
      duration_seconds: video.durationMs === null ? null : Math.round(video.durationMs / 1000),
      public: video.isPrivate === 0,
      search_code: video.searchCode,
      access_code: video.accessCode,
      hashtags: video.hashtags,
      recipient_email: video.recipientEmail,
      share_at: iso(video.shareAt),
      share_timezone: video.shareTimezone,
      created_at: iso(video.createdAt),
      captions: tracksOf(video.id).map((track) => ({
        language: track.language,
        file: `video.${track.language}.vtt`,
        source: track.source,
        status: track.status,
        updated_at: iso(track.updatedAt),
      })),
    },
  }));

  const schedules = await ofAccount(
    db.select().from(scheduledDeliveries).$dynamic(),
    scheduledDeliveries.ownerId,
    scheduledDeliveries.id,
  );
  const forms = await ofAccount(
    db
      .select({
        request: columnsOf(funeralRequests),
        home: users.homeName,
        service: funeralServices.name,
        location: funeralLocations.name,
      })
      .from(funeralRequests)
      .innerJoin(users, eq(users.id, funeralRequests.homeId))
      .leftJoin(funeralServices, eq(funeralServices.id, funeralRequests.serviceId))
      .leftJoin(funeralLocations, eq(funeralLocations.id, funeralRequests.locationId))
      .$dynamic(),
    funeralRequests.requesterId,
    funeralRequests.id,
  );
  const paymentRows = await ofAccount(
    db
      .select({ payment: columnsOf(payments), plan: plans.title })
      .from(payments)
      .leftJoin(plans, eq(plans.id, payments.planId))
      .$dynamic(),
    payments.accountId,
    payments.id,
  );
  const subscriptionRows = await ofAccount(
    db
      .select({ subscription: columnsOf(subscriptions), plan: plans.title })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .$dynamic(),
    subscriptions.accountId,
    subscriptions.id,
  );
  const ads = await ofAccount(db.select().from(bannerAds).$dynamic(), bannerAds.accountId, bannerAds.id);
  const notices = await ofAccount(
    db.select().from(notifications).$dynamic(),
    notifications.userId,
    notifications.id,
  );

  // Administrators' reads of this account's data (docs/product.md §11.10): theirs to keep too.
  const reads = await ofAccount(db.select().from(adminReads).$dynamic(), adminReads.ownerId, adminReads.id);

  return {
    profile,
    photoKey: account.photoKey,
    videos: videoList,
    sections: {
      schedules: schedules.map((d) => ({
        id: d.id,
        video_id: d.videoId,
        recipient_email: d.recipientEmail,
        second_address: d.fallbackEmail,
        second_address_of: d.fallbackOf,
        due_at: iso(d.dueAt),
        repeat: d.repeat,
        repeat_until: d.repeatUntil,
        status: d.status,
        sent_at: iso(d.sentAt),
        last_error: d.lastError,
        receipts: d.receipts,
        first_opened_at: iso(d.openedAt),
        open_count: d.openCount,
      })),
      forms_sent: forms.map(({ request, home, service, location }) => ({
        id: request.id,
        funeral_home: home,
        video_id: request.videoId,
        name: request.name,
        email: request.email,
        type_of_service: service,
        location_of_service: location,
        speaker: request.speaker,
        music: request.music,
        additional_requests: request.additionalRequests,
        specific_rituals: request.specificRituals,
        specific_requests: request.specificRequests,
        form_sent_at: iso(request.formSentAt),
        published_at: iso(request.publishedAt),
      })),
      payments: paymentRows.map(({ payment, plan }) => ({
        id: payment.id,
        date: iso(payment.createdAt),
        what:
          plan ??
          (payment.extraSeconds ? `${Math.round(payment.extraSeconds / 60)} extra minutes` : payment.purpose),
        amount: money(payment.amountCents),
        currency: payment.currency,
        card: `${payment.brand} ending ${payment.last4}`,
        status: payment.status,
      })),
      subscriptions: subscriptionRows.map(({ subscription, plan }) => ({
        id: subscription.id,
        plan,
        kind: subscription.kind,
        starts_at: iso(subscription.startsAt),
        expires_at: iso(subscription.expiresAt),
        status: subscription.status,
        auto_renew: subscription.autoRenew,
      })),
      banner_ads: ads.map((ad) => ({
        id: ad.id,
        brand_name: ad.brandName,
        brand_email: ad.brandEmail,
        brand_url: ad.brandUrl,
        status: ad.status,
        live_from: iso(ad.startsAt),
        live_until: iso(ad.endsAt),
        views: ad.views,
        clicks: ad.clicks,
        created_at: iso(ad.createdAt),
      })),
      notifications: notices.map((n) => ({
        id: n.id,
        kind: n.kind,
        title: n.title,
        body: n.body,
        read_at: iso(n.readAt),
        created_at: iso(n.createdAt),
      })),
      admin_reads: reads.map((r) => ({
        read_at: iso(r.readAt),
        administrator: r.adminName,
        what: r.what,
        video_title: r.videoTitle,
        reason: r.reason,
      })),
      ...(await readMoreSections(db, accountId, account.email)),
      ...(await readMemorialSections(db, accountId)),
    },
  };
}
