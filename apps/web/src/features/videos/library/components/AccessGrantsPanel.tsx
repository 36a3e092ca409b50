import type { AccessGrant } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage } from '@/lib/api';
import { useRevokeGrant, useVideoGrants } from '../api/video-grants';
import { formatWhen } from '@/lib/dates';

/** How a grant is named: a home by its name, a person by their e-mail. */
const who = (grant: AccessGrant) => (grant.kind === 'funeral-home' ? grant.name || grant.email : grant.email);

/** Where a grant stands, in plain words. */
function GrantStatus({ grant }: { grant: AccessGrant }) {
  if (grant.revoked_at)
    return <span className="badge text-bg-secondary">Revoked on {formatWhen(grant.revoked_at)}</span>;
  if (grant.published_at)
    return <span className="badge text-bg-success">Published on {formatWhen(grant.published_at)}</span>;
  return <span className="badge text-bg-light border">Has access</span>;
}

/**
 * 'Who has access' on the owner's video page: every funeral home and person the video was granted to,
 * when, by whom, and whether it was published or revoked. A grant not yet published can be revoked,
 * after a confirmation: a home then no longer sees the video, a person's link opens nothing.
 */
export function AccessGrantsPanel({ videoId }: { videoId: number }) {
  const grants = useVideoGrants(videoId);
  const revoke = useRevokeGrant(videoId);
  const dialog = useDialog();

  const onRevoke = async (grant: AccessGrant) => {
    const home = grant.kind === 'funeral-home';
    const { confirmed } = await dialog({
      variant: 'question',
      title: 'Revoke access?',
      text: home
        ? `${who(grant)} will no longer be able to watch or publish this video. You can grant access again later.`
        : `The private link sent to ${grant.email} will stop working. You can grant access again later.`,
      confirmText: 'Revoke',
      cancelText: 'Keep access',
    });
    if (!confirmed) return;
    try {
      const response = await revoke.mutateAsync(grant.id);
      await dialog({ variant: 'success', title: response.message });
    } catch (error) {
      await dialog({
        variant: 'unsuccessful',
        title: 'Unsuccessful',
        text: errorMessage(error, 'Access could not be revoked. Please try again.'),
      });
    }
  };

  return (
    <section className="card mt-4" aria-labelledby="grants-heading">
      <div className="card-body">
        <h2 id="grants-heading" className="h5">
          Who has access
        </h2>
        <p className="text-body-secondary small">
          The funeral homes and people this video was handed to. You can revoke access until a funeral home
          publishes the video.
        </p>
        {grants.isPending ? (
          <Loading label="Loading who has access…" className="py-3" />
        ) : grants.isError ? (
          <ErrorState onRetry={() => void grants.refetch()} />
        ) : grants.data.length === 0 ? (
          <p className="mb-0">Nobody else has access to this video.</p>
        ) : (
          <ul className="list-unstyled mb-0 grants-list">
            {grants.data.map((grant) => (
              <li key={grant.id} className="border-top py-2 d-flex flex-wrap gap-2 align-items-start">
                <div className="min-w-0 flex-grow-1">
                  <p className="mb-0 fw-semibold text-break">
                    {who(grant)}{' '}
                    <span className="fw-normal text-body-secondary small">
                      ({grant.kind === 'funeral-home' ? 'funeral home' : 'private link'})
                    </span>
                  </p>
                  {grant.kind === 'funeral-home' && (
                    <p className="mb-0 small text-body-secondary text-break">{grant.email}</p>
                  )}
                  <p className="mb-1 small text-body-secondary">
                    Granted on {formatWhen(grant.granted_at)} by {grant.granted_by}
                  </p>
                  <GrantStatus grant={grant} />
                </div>
                {grant.revocable && (
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    onClick={() => void onRevoke(grant)}
                    disabled={revoke.isPending}
                  >
                    Revoke <span className="visually-hidden">access of {who(grant)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
