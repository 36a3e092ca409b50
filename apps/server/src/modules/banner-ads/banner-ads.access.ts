import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { BannerAdRow } from './banner-ads.schema';
import type { BannerAdsRepo } from './banner-ads.repo';

/** What an account may do with a banner ad request (decision 0311): `ad.own`, see and pay its own. */
export type BannerAdPermission = 'ad.own';

/**
 * The banner ads' one access check, asked first by every call on one request: the row, or the same
 * "not found" for another account's request and an unknown id (never "forbidden": it would tell that
 * the id exists).
 */
export function createBannerAdAccess(repo: Pick<BannerAdsRepo, 'findById' | 'lockById'>) {
  return {
    /** The request when the account may; `tx` locks it for the caller's transaction (a payment). */
    async require(
      account: { id: number },
      _permission: BannerAdPermission,
      id: number,
      tx?: DbOrTx,
    ): Promise<BannerAdRow> {
      const ad = tx ? await repo.lockById(id, tx) : await repo.findById(id);
      if (!ad || ad.accountId !== account.id) throw notFound();
      return ad;
    },
  };
}

export type BannerAdAccess = ReturnType<typeof createBannerAdAccess>;
