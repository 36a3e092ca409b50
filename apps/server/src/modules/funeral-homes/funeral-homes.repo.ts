import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNT_DELETED_PERSON, type FuneralRequestListQuery } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, type ListSource } from '../../platform/db/paginate';
import {
  funeralLocations,
  funeralRequests,
  funeralServices,
  type FuneralRequestRow,
  type NewFuneralRequest,
} from './funeral-homes.schema';
import { accountsView, activeAccount } from '../accounts';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

export type OptionTable = typeof funeralServices | typeof funeralLocations;
export type OptionKind = 'services' | 'locations';
const tables: Record<OptionKind, OptionTable> = { services: funeralServices, locations: funeralLocations };

const listed = {
  id: funeralRequests.id,
  requesterId: funeralRequests.requesterId,
  name: funeralRequests.name,
  email: funeralRequests.email,
  createdAt: funeralRequests.createdAt,
  videoId: funeralRequests.videoId,
  formSentAt: funeralRequests.formSentAt,
  publishedAt: funeralRequests.publishedAt,
  revokedAt: funeralRequests.revokedAt,
};

/** The first of one person's requests at one home that meets `condition`, in `order`; null if none. */
async function firstFromAt(
  tx: DbOrTx,
  requesterId: number,
  homeId: number,
  condition: SQL | undefined,
  order: SQL[] = [],
): Promise<FuneralRequestRow | null> {
  const [row] = await tx
    .select()
    .from(funeralRequests)
    .where(and(eq(funeralRequests.requesterId, requesterId), eq(funeralRequests.homeId, homeId), condition))
    .orderBy(...order)
    .limit(1);
  return row ?? null;
}

/** A home's user requests as the list kit sees them: newest first, searched by name and e-mail. */
export const requestList: ListSource<typeof listed> = {
  table: funeralRequests,
  select: listed,
  sortable: { created_at: funeralRequests.createdAt },
  tieBreaker: funeralRequests.id,
  searchable: [funeralRequests.name, funeralRequests.email],
  dated: funeralRequests.createdAt,
};

/**
 * What a home offers (docs/product.md §8.3): its own rows when it has any, else the defaults (home_id null).
 * `homeId` null asks for the defaults alone.
 */
function offeredBy(tx: DbOrTx, table: OptionTable, homeId: number | null) {
  if (homeId === null) return isNull(table.homeId);
  const own = alias(table, 'own');
  const hasOwn = tx
    .select({ one: sql`1` })
    .from(own)
    .where(eq(own.homeId, homeId));
  return or(eq(table.homeId, homeId), and(isNull(table.homeId), notExists(hasOwn)));
}

/** The funeral-homes module's queries; each takes a transaction last (`tx`). */
export function createFuneralHomesRepo(db: Db) {
  return {
    /** Active funeral-home accounts (before the plan check, which payments answers). */
    async activeHomes(tx: DbOrTx = db) {
      return tx
        .select({
          id: users.id,
          homeName: users.homeName,
          email: users.email,
          address: users.address,
          photoKey: users.photoKey,
        })
        .from(users)
        .where(and(eq(users.type, 'funeral-home'), activeAccount(users)))
        .orderBy(asc(users.homeName), asc(users.id));
    },

    async isActiveHome(id: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.type, 'funeral-home'), activeAccount(users)))
        .limit(1);
      return row !== undefined;
    },

    options(kind: OptionKind, homeId: number | null, tx: DbOrTx = db) {
      const table = tables[kind];
      return tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(offeredBy(tx, table, homeId))
        .orderBy(asc(table.id));
    },

    /** The option if the home offers it, else null. */
    async offered(kind: OptionKind, id: number, homeId: number, tx: DbOrTx = db) {
      const table = tables[kind];
      const [row] = await tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(eq(table.id, id), offeredBy(tx, table, homeId)))
        .limit(1);
      return row ?? null;
    },

    /** One request at a time per requester: the double-click check and the insert do not interleave. */
    async lockRequester(requesterId: number, tx: DbOrTx) {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x5057_0200}, ${requesterId})`);
    },

    /** The requester's latest form at this home sent after `since`, if any (the double-click check). */
    latestFormSince(requesterId: number, homeId: number, since: Date, tx: DbOrTx = db) {
      return firstFromAt(tx, requesterId, homeId, gt(funeralRequests.formSentAt, since), [
        desc(funeralRequests.formSentAt),
        desc(funeralRequests.id),
      ]);
    },

    /**
     * The requester's latest request at this home still waiting for its other half (docs/product.md §8.2):
     * `'video'` a form-only one (a grant fills it), `'form'` a grant without a form (a form fills it).
     */
    async latestWaitingFor(
      missing: 'video' | 'form',
      requesterId: number,
      homeId: number,
      tx: DbOrTx = db,
    ): Promise<FuneralRequestRow | null> {
      const waiting =
        missing === 'video'
          ? isNull(funeralRequests.videoId)
          : and(isNotNull(funeralRequests.videoId), isNull(funeralRequests.formSentAt));
      return firstFromAt(tx, requesterId, homeId, waiting, [
        desc(funeralRequests.createdAt),
        desc(funeralRequests.id),
      ]);
    },

    /** The request that already holds this video from this person at this home (one at most). */
    withVideo(requesterId: number, homeId: number, videoId: number, tx: DbOrTx = db) {
      return firstFromAt(tx, requesterId, homeId, eq(funeralRequests.videoId, videoId));
    },

    async update(
      id: number,
      values: Partial<NewFuneralRequest>,
      tx: DbOrTx = db,
    ): Promise<FuneralRequestRow> {
      const [row] = await tx
        .update(funeralRequests)
        .set(values)
        .where(eq(funeralRequests.id, id))
        .returning();
      return row!;
    },

    /** The home's request, locked for this transaction (publishing twice at once publishes once). */
    async lockOfHome(id: number, homeId: number, tx: DbOrTx): Promise<FuneralRequestRow | null> {
      const [row] = await tx
        .select()
        .from(funeralRequests)
        .where(and(eq(funeralRequests.id, id), eq(funeralRequests.homeId, homeId)))
        .for('update');
      return row ?? null;
    },

    async homeName(id: number, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx.select({ homeName: users.homeName }).from(users).where(eq(users.id, id));
      return row?.homeName ?? null;
    },

    /** The address a home's notices are e-mailed to. */
    async homeEmail(id: number, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
      return row?.email ?? null;
    },

    /** A listed-home candidate by its e-mail: an active funeral-home account (the plan is payments'). */
    async activeHomeByEmail(email: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: users.id, homeName: users.homeName })
        .from(users)
        .where(and(eq(users.email, email), eq(users.type, 'funeral-home'), activeAccount(users)))
        .limit(1);
      return row ?? null;
    },

    /**
     * A mistaken release sealed again: the requests holding the owner's video that others granted
     * (with the code, after the release) and no home published yet are withdrawn; answers every home
     * that held one by someone else's grant, published or just withdrawn, to tell them.
     */
    async withdrawForReseal(ownerId: number, videoId: number, at: Date, tx: DbOrTx) {
      const byOthers = and(
        eq(funeralRequests.videoId, videoId),
        or(isNull(funeralRequests.requesterId), sql`${funeralRequests.requesterId} <> ${ownerId}`),
      );
      const withdrawn = await tx
        .update(funeralRequests)
        .set({ revokedAt: at })
        .where(and(byOthers, isNull(funeralRequests.publishedAt), isNull(funeralRequests.revokedAt)))
        .returning({ id: funeralRequests.id });
      const published = await tx
        .select({ id: funeralRequests.id })
        .from(funeralRequests)
        .where(and(byOthers, isNotNull(funeralRequests.publishedAt)));
      const rows = await this.requestsByIds(
        [...published, ...withdrawn].map((row) => row.id),
        tx,
      );
      return rows.map((row) => ({
        homeName: row.homeName ?? '',
        email: row.email,
        publishedAt: row.publishedAt,
      }));
    },

    async requestsByIds(ids: number[], tx: DbOrTx) {
      if (ids.length === 0) return [];
      const home = accountsView('home');
      return tx
        .select({
          id: funeralRequests.id,
          homeName: home.homeName,
          email: home.email,
          publishedAt: funeralRequests.publishedAt,
        })
        .from(funeralRequests)
        .innerJoin(home, eq(home.id, funeralRequests.homeId))
        .where(inArray(funeralRequests.id, ids))
        .orderBy(asc(funeralRequests.id));
    },

    /** Before the account's row goes (its FK then sets the requester null): nothing names the person. */
    async forgetRequester(accountId: number, tx: DbOrTx = db) {
      await tx
        .update(funeralRequests)
        .set({ name: '', email: '' })
        .where(eq(funeralRequests.requesterId, accountId));
    },

    async insert(values: NewFuneralRequest, tx: DbOrTx = db): Promise<FuneralRequestRow> {
      const [row] = await tx.insert(funeralRequests).values(values).returning();
      return row!;
    },

    list(homeId: number, query: FuneralRequestListQuery, tx: DbOrTx = db) {
      return paginate(tx as Db, requestList, query, [eq(funeralRequests.homeId, homeId)]);
    },

    /** The homes' requests holding this video (granted to them), with each home and granter named. */
    async grantsOfVideo(videoId: number, tx: DbOrTx = db) {
      const home = accountsView('home');
      const granter = accountsView('granter');
      return tx
        .select({
          id: funeralRequests.id,
          homeName: home.homeName,
          email: home.email,
          grantedBy: sql<string>`coalesce(trim(${granter.firstName} || ' ' || ${granter.lastName}), ${ACCOUNT_DELETED_PERSON})`,
          grantedAt: sql<Date>`coalesce(${funeralRequests.grantedAt}, ${funeralRequests.createdAt})`.mapWith(
            funeralRequests.createdAt,
          ),
          publishedAt: funeralRequests.publishedAt,
          revokedAt: funeralRequests.revokedAt,
        })
        .from(funeralRequests)
        .innerJoin(home, eq(home.id, funeralRequests.homeId))
        .leftJoin(granter, eq(granter.id, funeralRequests.requesterId))
        .where(eq(funeralRequests.videoId, videoId))
        .orderBy(desc(funeralRequests.createdAt), desc(funeralRequests.id));
    },

    /** A request holding this video, locked for this transaction (a revoke and a publish do not cross). */
    async lockWithVideo(id: number, videoId: number, tx: DbOrTx): Promise<FuneralRequestRow | null> {
      const [row] = await tx
        .select()
        .from(funeralRequests)
        .where(and(eq(funeralRequests.id, id), eq(funeralRequests.videoId, videoId)))
        .for('update');
      return row ?? null;
    },

    /** The home's request with its chosen options' names (null without a form); another home's: null. */
    async findOfHome(id: number, homeId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ request: funeralRequests, service: funeralServices.name, location: funeralLocations.name })
        .from(funeralRequests)
        .leftJoin(funeralServices, eq(funeralServices.id, funeralRequests.serviceId))
        .leftJoin(funeralLocations, eq(funeralLocations.id, funeralRequests.locationId))
        .where(and(eq(funeralRequests.id, id), eq(funeralRequests.homeId, homeId)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type FuneralHomesRepo = ReturnType<typeof createFuneralHomesRepo>;
export type RequestWithOptions = NonNullable<Awaited<ReturnType<FuneralHomesRepo['findOfHome']>>>;
