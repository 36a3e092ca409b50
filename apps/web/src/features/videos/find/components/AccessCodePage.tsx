import { Link } from 'react-router';
import shieldIcon from 'bootstrap-icons/icons/person-check.svg?raw';
import { Icon } from '@/components/Icon';
import { notReleased } from '@/components/legacy/not-released';
import { useTitle } from '@/lib/use-title';
import { useFindByAccessCode } from '../api/find-by-access-code';
import { CodeLookupForm } from './CodeLookupForm';
import { FoundVideo } from './FoundVideo';
import { NotYetReleased } from './NotYetReleased';

/**
 * /user/access-code: open the Parting Words video someone entrusted to you with its access code. Before
 * its author's passing is confirmed the code shows that a message exists, with 'Report a passing'
 * (docs/product.md §6).
 */
export function AccessCodePage() {
  useTitle('Access Code');
  const lookup = useFindByAccessCode();
  const notice = notReleased(lookup.error);
  return (
    <div className="container py-4 page-narrow">
      <h1 className="h3 mb-3">Access code</h1>
      <CodeLookupForm
        label="Video access code"
        hint="Enter the access code you were given to watch the Parting Words left for you."
        lookup={lookup}
        resultPath="/user/access-code/video"
        quietError={notice !== null}
      />
      {notice && lookup.variables && (
        // Keyed by the code: another code's notice starts with its form closed.
        <NotYetReleased key={lookup.variables} code={lookup.variables} notice={notice} />
      )}
    </div>
  );
}

/**
 * /user/access-code/video: the final video the access code belongs to, with 'Grant access' (docs/product.md §13.3:
 * the Grant access page takes the video's id in navigation state). Not released (any more): the
 * same notice as the code form.
 */
export function AccessCodeVideoPage() {
  return (
    <FoundVideo
      kind="access"
      backTo="/user/access-code"
      backLabel="Enter another code"
      knownFailure={(error, code) => {
        // Reloaded after the release was halted, or opened from an old history entry: the notice and
        // 'Report a passing', as the code form shows them.
        const notice = notReleased(error);
        return notice && <NotYetReleased code={code} notice={notice} />;
      }}
    >
      {(video) => (
        <div className="mt-3">
          <Link to="/user/access-code/form" state={{ videoId: video.id }} className="btn btn-primary">
            <Icon svg={shieldIcon} className="me-1" />
            Grant access
          </Link>
          <p className="form-text mb-0">Give a funeral home or another person access to this video.</p>
        </div>
      )}
    </FoundVideo>
  );
}
