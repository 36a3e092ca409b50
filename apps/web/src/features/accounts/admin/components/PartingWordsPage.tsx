import { useParams } from 'react-router';
import { VideoPlayer } from '@/components/video/VideoPlayer';
import { useTitle } from '@/lib/use-title';
import { useAdminPartingWords } from '../api/get-parting-words';
import { detailsPath, ACCOUNT_AREAS } from '../model/account-areas';
import { AccountDetailsFrame } from './AccountDetailsFrame';
import { fullName } from './format';

/**
 * /admin/user-management/details/{id}/parting-words (docs/product.md §9.2, §13.4): the user's final message with
 * its title, search code, privacy and creator; "Not Available" when they have none.
 */
export function PartingWordsPage() {
  useTitle('Parting Words');
  const { id = '' } = useParams();
  const query = useAdminPartingWords(id);
  const video = query.data;
  return (
    <AccountDetailsFrame
      back={{ to: detailsPath(ACCOUNT_AREAS.users, id), label: 'Back to user details' }}
      title="Parting Words"
      missing="This user does not exist."
      query={query}
    >
      {() =>
        !video ? (
          <p className="text-center text-body-secondary py-5 fs-5" role="status">
            Not Available
          </p>
        ) : (
          <div className="card">
            {/* The link is signed and null until the video is ready: the player says it is processing. */}
            <VideoPlayer
              video={{
                title: video.title,
                video_link: video.video_link,
                video_thumbnail: video.video_thumbnail,
                state: video.video_link ? 'ready' : 'processing',
                failure_reason: null,
              }}
            />
            <dl className="card-body row mb-0">
              <dt className="col-sm-3">Title</dt>
              <dd className="col-sm-9 text-break">{video.title}</dd>
              {video.description && (
                <>
                  <dt className="col-sm-3">Description</dt>
                  <dd className="col-sm-9 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                    {video.description}
                  </dd>
                </>
              )}
              <dt className="col-sm-3">Search Code</dt>
              <dd className="col-sm-9">{video.search_code}</dd>
              <dt className="col-sm-3">Visibility</dt>
              <dd className="col-sm-9">{video.is_private === 1 ? 'Private' : 'Public'}</dd>
              <dt className="col-sm-3">Creator</dt>
              <dd className="col-sm-9 text-break mb-0">
                {fullName(video.creator)}
                {video.creator.email && <span className="text-body-secondary"> ({video.creator.email})</span>}
              </dd>
            </dl>
          </div>
        )
      }
    </AccountDetailsFrame>
  );
}
