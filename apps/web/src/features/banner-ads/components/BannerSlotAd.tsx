import { Link, useLocation } from 'react-router';
import { useBannerSlot } from '../api/get-banner-slot';
import { BANNER_AREAS, newAdPath, type BannerRole } from '../model/banner-areas';

/**
 * Inside the slot's reserved box: the live ad as a link through the app (the click is counted) in a new
 * tab, or, when none is live, an invitation to advertise in the same box (decision 0220). While the ad
 * loads, or when the call fails, the box stays empty: it never changes size.
 */
export default function BannerSlotAd({ role }: { role: BannerRole }) {
  const area = BANNER_AREAS[role];
  const { pathname } = useLocation();
  const slot = useBannerSlot(area, pathname);
  const ad = slot.data;
  // Only a link through the app or to a web address is followed; anything else leaves the box empty.
  if (ad === undefined || (ad && !/^(\/(?!\/)|https?:\/\/)/i.test(ad.click_url))) return null;
  if (ad === null)
    return (
      <Link to={newAdPath(area)} className="banner-slot-house">
        <span className="fw-semibold">Advertise here</span>
        <span className="small">Send a banner ad request</span>
      </Link>
    );
  return (
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
  );
}
