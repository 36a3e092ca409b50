import { useLocation } from 'react-router';
import { useBannerSlot } from '../api/get-banner-slot';
import { BANNER_AREAS, type BannerRole } from '../model/banner-areas';

/**
 * The slot's ad: a live ad as a link through the app (the click is counted) in a new tab, in a box of
 * fixed shape. While the ad loads, when none is live, or when the call fails, nothing is drawn at all
 * (docs/product.md §8.6): an empty box or an invitation to advertise would only push the page down.
 */
export default function BannerSlotAd({ role }: { role: BannerRole }) {
  const area = BANNER_AREAS[role];
  const { pathname } = useLocation();
  const slot = useBannerSlot(area, pathname);
  const ad = slot.data;
  // Only a link through the app or to a web address is followed; anything else shows nothing.
  if (!ad || !/^(\/(?!\/)|https?:\/\/)/i.test(ad.click_url)) return null;
  return (
    <aside className="banner-slot container" aria-label="Advertisement">
      <div className="banner-slot-box" data-testid="banner-slot">
        <a
          href={ad.click_url}
          target="_blank"
          rel="noopener sponsored"
          className="banner-slot-ad"
          data-ad-id={ad.id}
        >
          <img src={ad.image_url} alt={`Advertisement: ${ad.brand_name}`} className="banner-slot-image" />
          <span className="banner-slot-tag" aria-hidden="true">
            Ad
          </span>
        </a>
      </div>
    </aside>
  );
}
