import { useState } from 'react';
import { useParams } from 'react-router';
import { VideoPlayer } from '@/components/video/VideoPlayer';
import { ApiError, errorMessage } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useAdminPartingWords } from '../api/get-parting-words';
import { detailsPath, ACCOUNT_AREAS } from '../model/account-areas';
import { AccountDetailsFrame } from './AccountDetailsFrame';
import { fullName } from './format';
import { REASON_DIALOG_TEXTS, ReasonDialog } from './ReasonDialog';

/** The server's refusal of a reason (422), said in the dialog; null for any other outcome. */
function refusedReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return error.errors?.reason?.[0] ?? errorMessage(error);
}

/** What stands in for the message until a reason is given: why it is closed, and the way to open it. */
function Sealed({ onOpen }: { onOpen: () => void }) {
  return (
    <div className="card">
      <div className="card-body p-4">
        <p className="mb-3">{REASON_DIALOG_TEXTS.text}</p>
        <button type="button" className="btn btn-primary" onClick={onOpen}>
          Give a reason to open it
        </button>
      </div>
    </div>
  );
}

/**
 * /admin/user-management/details/{id}/parting-words (docs/product.md §9.2, §13.4): the user's final message with
 * its title, search code, privacy and creator; "Not Available" when they have none. It is sealed: the
 * administrator gives a reason first, in a dialog that says the owner will be told (docs/product.md §11.10);
 * each reason given is one read.
 */
export function PartingWordsPage() {
  useTitle('Parting Words');
  const { id = '' } = useParams();
  const [opening, setOpening] = useState<{ reason: string; serial: number } | null>(null);
  const [asking, setAsking] = useState(true);
  const query = useAdminPartingWords(id, opening);
  const refused = refusedReason(query.error);
  const video = query.data;
  const sealed = opening === null || refused !== null;
  return (
    <>
      <ReasonDialog
        show={asking || refused !== null}
        error={refused}
        onCancel={() => {
          setAsking(false);
          setOpening(null);
        }}
        onSubmit={(reason) => {
          setAsking(false);
          setOpening((last) => ({ reason, serial: (last?.serial ?? 0) + 1 }));
        }}
      />
      <AccountDetailsFrame
        back={{ to: detailsPath(ACCOUNT_AREAS.users, id), label: 'Back to user details' }}
        title="Parting Words"
        missing="This user does not exist."
        query={sealed ? { isPending: false, isError: false, error: null, refetch: () => undefined } : query}
      >
        {() =>
          sealed ? (
            <Sealed onOpen={() => setAsking(true)} />
          ) : !video ? (
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
                captions={video.captions}
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
                  {video.creator.email && (
                    <span className="text-body-secondary"> ({video.creator.email})</span>
                  )}
                </dd>
              </dl>
            </div>
          )
        }
      </AccountDetailsFrame>
    </>
  );
}
