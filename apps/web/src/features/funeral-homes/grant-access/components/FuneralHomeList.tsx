import type { FuneralHomeItem } from '@pw/contracts';
import { Avatar } from '@/components/Avatar';

/** A listed home as the family sees it: its photo, name and address. */
export function FuneralHomeSummary({ home }: { home: FuneralHomeItem }) {
  return (
    <span className="d-flex align-items-center gap-3 min-w-0">
      <Avatar photo={home.photo_path} firstName={home.home_name} size={48} />
      <span className="min-w-0">
        <span className="d-block fw-semibold text-break">{home.home_name}</span>
        {home.address && <span className="d-block small text-body-secondary text-break">{home.address}</span>}
      </span>
    </span>
  );
}

/** The listed memorial pages the home looks after (docs/product.md §6.9), opened beside the form. */
function HomeMemorials({ home }: { home: FuneralHomeItem }) {
  if (home.memorials.length === 0) return null;
  return (
    <p className="small mb-0 mt-2 text-break">
      Memorial pages:{' '}
      {home.memorials.map((memorial, i) => (
        <span key={memorial.slug}>
          {i > 0 && ', '}
          <a href={`/memorial/${memorial.slug}`} target="_blank" rel="noopener noreferrer">
            {memorial.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </span>
      ))}
    </p>
  );
}

/**
 * The directory as one radio group (arrow keys move between homes): each home with its photo, name
 * and address, and the listed memorial pages it looks after (links beside the radio, not inside its label).
 */
export function FuneralHomeList({
  homes,
  value,
  onChange,
  disabled,
}: {
  homes: FuneralHomeItem[];
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
}) {
  return (
    <div className="list-group" role="radiogroup" aria-label="Funeral homes">
      {homes.map((home) => (
        <div key={home.id} className="list-group-item list-group-item-action">
          <label className="d-flex align-items-center gap-3 mb-0">
            <input
              type="radio"
              className="form-check-input flex-shrink-0 mt-0"
              name="funeral-home"
              value={home.id}
              checked={value === home.id}
              onChange={() => onChange(home.id)}
              disabled={disabled}
            />
            <FuneralHomeSummary home={home} />
          </label>
          <HomeMemorials home={home} />
        </div>
      ))}
    </div>
  );
}
