import { useParams } from 'react-router';
import globeIcon from 'bootstrap-icons/icons/globe2.svg?raw';
import checkIcon from 'bootstrap-icons/icons/check-circle.svg?raw';
import lockIcon from 'bootstrap-icons/icons/lock.svg?raw';
import {
  PUBLISHABLE_ONCE_CONFIRMED,
  PUBLISH_QUESTION,
  VIDEO_PUBLISHED,
  type RequestVideo as RequestVideoData,
} from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { Icon } from '@/components/Icon';
import { Loading } from '@/components/Loading';
import { VideoPlayer } from '@/components/video/VideoPlayer';
import { errorMessage } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { creatorName } from '@/lib/videos';
import { useRequestVideo } from '../api/get-request-video';
import { usePublishRequestVideo } from '../api/publish-request-video';
import { BackToRequests, RequestError } from './UserRequestPage';

/**
 * /funeral/user-requests/{id}/video: the granted video's player with the 'Public Video' button (docs/product.md
 * §6.8): 'Public Video?' then 'Video Published' (§13.5). A video already public says so; a final message
 * whose author's passing is not yet confirmed can be watched, and the page says when it becomes
 * publishable instead of offering the button; a refusal (no running plan) shows the server's message.
 */
export function RequestVideoPage() {
  const { id = '' } = useParams();
  const video = useRequestVideo(id);
  useTitle(video.data?.title ?? 'Video');
  return (
    <div className="container py-4">
      <BackToRequests to={`/funeral/user-requests/${id}`} label="Back to the request" />
      {video.isPending ? (
        <Loading label="Loading video…" />
      ) : video.isError ? (
        <RequestError error={video.error} onRetry={() => void video.refetch()} />
      ) : (
        <RequestVideo requestId={id} video={video.data} />
      )}
    </div>
  );
}

export const PUBLISHED_TEXT =
  'It is now public: anyone signed in can watch it and find it by its video code.';

function RequestVideo({ requestId, video }: { requestId: string; video: RequestVideoData }) {
  const dialog = useDialog();
  const publish = usePublishRequestVideo(requestId);
  const published = video.is_private === 0;

  const onPublish = async () => {
    const { confirmed } = await dialog({
      variant: 'question',
      title: PUBLISH_QUESTION,
      text: 'Anyone signed in will be able to watch it and find it by its video code. A public video cannot be made private again.',
    });
    if (!confirmed) return;
    try {
      await publish.mutateAsync();
      // The server's message is the title itself: the text says what changed, not the title again.
      await dialog({ variant: 'success', title: VIDEO_PUBLISHED, text: PUBLISHED_TEXT });
    } catch (error) {
      await dialog({
        variant: 'unsuccessful',
        title: 'Unsuccessful',
        text: errorMessage(error, 'The video could not be published. Please try again.'),
      });
    }
  };

  return (
    <>
      <VideoPlayer video={video} captions={video.captions} />
      <div className="mt-3 d-flex flex-wrap justify-content-between align-items-start gap-3">
        <div className="min-w-0">
          <h1 className="h3 text-break mb-1">{video.title}</h1>
          {video.creator && <p className="text-body-secondary mb-0">by {creatorName(video.creator)}</p>}
        </div>
        {published ? (
          <p className="badge text-bg-success fs-6 mb-0" role="status">
            <Icon svg={checkIcon} className="me-1" />
            Published
          </p>
        ) : video.awaiting_release ? (
          <p className="alert alert-info mb-0 w-100" role="note">
            <Icon svg={lockIcon} className="me-1" />
            {PUBLISHABLE_ONCE_CONFIRMED}
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void onPublish()}
            disabled={publish.isPending || video.state !== 'ready'}
          >
            <Icon svg={globeIcon} className="me-1" />
            {publish.isPending ? 'Publishing…' : 'Public Video'}
          </button>
        )}
      </div>
      {published && video.search_code && (
        <p className="mt-2 text-break">
          This video is public. Others can find it with the video code <strong>{video.search_code}</strong>.
        </p>
      )}
      {video.description && (
        <p className="mt-2 text-break" style={{ whiteSpace: 'pre-line' }}>
          {video.description}
        </p>
      )}
    </>
  );
}
