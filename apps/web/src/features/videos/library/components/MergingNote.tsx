import type { Video } from '@pw/contracts';

/** What a draft being merged says (docs/product.md §3.5): the badge, then what happens to this draft. */
export const MERGING_TEXTS = {
  badge: 'Being merged…',
  copy: 'Being joined into a new draft; this draft stays as it is.',
  move: 'Being joined into a new draft; this draft is removed once the new one is ready.',
} as const;

/** A draft a merge is still joining: its badge and one line; nothing for any other video. */
export function MergingNote({ video }: { video: Pick<Video, 'merging'> }) {
  if (!video.merging) return null;
  return (
    <span className="d-inline-flex flex-column align-items-start gap-1" data-testid="merging-note">
      <span className="badge text-bg-info">{MERGING_TEXTS.badge}</span>
      <span className="small text-body-secondary">{MERGING_TEXTS[video.merging]}</span>
    </span>
  );
}
