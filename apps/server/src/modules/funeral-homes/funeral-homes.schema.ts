import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef, users } from '../accounts/accounts.schema';
import { videos } from '../videos/videos.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/**
 * What a home offers is its own rows when it has any, else the default set (rows with `home_id` null,
 * seeded by the migration): docs/product.md §8.3. One table shape for the two kinds of option.
 */
const optionColumns = () => ({
  id: identityId(),
  /** The home that offers it; null: a default offered by every home without a list of its own. */
  homeId: integer('home_id').references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Types of service ("typeOfService" of docs/product.md §13.4). */
export const funeralServices = pgTable('funeral_services', optionColumns(), (t) => [
  index('funeral_services_home_idx').on(t.homeId),
]);

/** Locations of service ("locationOfService" of docs/product.md §13.4). */
export const funeralLocations = pgTable('funeral_locations', optionColumns(), (t) => [
  index('funeral_locations_home_idx').on(t.homeId),
]);

/**
 * A user request at a funeral home (the contract's "connection"): the family's Funeral Home Form and the
 * video someone granted the home access to, each filled when sent, in either order (docs/product.md §8.2): a
 * grant joins the person's latest form-only request at that home, a form joins their latest grant
 * without a form there. The requester's name and e-mail are kept as sent (docs/product.md §8.2).
 */
export const funeralRequests = pgTable(
  'funeral_requests',
  {
    id: identityId(),
    homeId: accountRef('home_id'),
    /**
     * Who sent it; null once their account is deleted: the request outlives it (the home keeps what it is
     * acting on), shown as ACCOUNT_DELETED_REQUESTER, its name and e-mail blanked with the account.
     */
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The form (null until it is sent: a request made by a grant alone has none yet). */
    serviceId: integer('service_id').references(() => funeralServices.id),
    locationId: integer('location_id').references(() => funeralLocations.id),
    speaker: text('speaker'),
    music: text('music'),
    additionalRequests: text('additional_requests'),
    specificRituals: text('specific_rituals'),
    specificRequests: text('specific_requests'),
    /** When the form was sent (the double-click check of docs/product.md §8.2); null without a form. */
    formSentAt: timestamp('form_sent_at', { withTimezone: true }),
    /** When the home published the video (once: the requester is told once). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the video was handed to the home (a form may have come first); null without a video. */
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    /** When the video's owner took the home's access back (unpublished only); null while it holds it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The home's list, newest first.
    index('funeral_requests_home_created_idx').on(t.homeId, t.createdAt.desc(), t.id.desc()),
    // The double-click check and the pairing: this requester's latest requests at this home.
    index('funeral_requests_requester_idx').on(t.requesterId, t.homeId, t.createdAt.desc()),
    // One request per person, home and video: a granted video is never handed over twice.
    uniqueIndex('funeral_requests_one_per_video')
      .on(t.requesterId, t.homeId, t.videoId)
      .where(sql`${t.videoId} is not null`),
  ],
);

export type FuneralRequestRow = typeof funeralRequests.$inferSelect;
export type NewFuneralRequest = typeof funeralRequests.$inferInsert;
