import cameraVideoIcon from 'bootstrap-icons/icons/camera-video.svg?raw';
import folder2OpenIcon from 'bootstrap-icons/icons/folder2-open.svg?raw';
import { Icon } from '@/components/Icon';
import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { EditListStore } from '@/lib/edit-list/edit-list-store';
import { VIDEO_ACCEPT } from '@/lib/edit-list/video-types';
import { useAddFiles } from './use-add-files';
import { FREE_VIDEO_SECONDS } from '@pw/contracts';

export const RECORDER_PATH = '/user/video/VideoRecorder';

/** The record/upload screen shown while the edit list is empty: record with the camera, or pick files. */
export function ChooseSource({ store }: { store: EditListStore }) {
  const picker = useRef<HTMLInputElement>(null);
  const { add, notice } = useAddFiles(store);
  return (
    <>
      <p className="text-body-secondary">
        Record a message with your camera or choose video files. Several clips are joined, in the order you
        set, into one video. Up to {FREE_VIDEO_SECONDS} seconds in total are free.
      </p>
      <div className="row g-3">
        <div className="col-sm-6">
          <Link
            to={RECORDER_PATH}
            state={{ from: 'upload' }}
            className="source-choice card h-100 text-decoration-none text-body d-flex flex-column align-items-center justify-content-center p-4 text-center"
          >
            <Icon svg={cameraVideoIcon} className="fs-1 text-primary" />
            <span className="h5 mt-2 mb-1">Record a video</span>
            <span className="small text-body-secondary">Use your camera and microphone</span>
          </Link>
        </div>
        <div className="col-sm-6">
          <Button
            variant="light"
            className="source-choice card h-100 w-100 d-flex flex-column align-items-center justify-content-center p-4"
            onClick={() => picker.current?.click()}
          >
            <Icon svg={folder2OpenIcon} className="fs-1 text-primary" />
            <span className="h5 mt-2 mb-1">Choose video files</span>
            <span className="small text-body-secondary">MP4, WebM, MOV, MKV, AVI, WMV, MPEG or Ogg</span>
          </Button>
          <input
            ref={picker}
            type="file"
            accept={VIDEO_ACCEPT}
            multiple
            className="d-none"
            data-testid="choose-files-input"
            aria-label="Choose video files"
            onChange={(event) => {
              void add(event.target.files).finally(() => {
                event.target.value = '';
              });
            }}
          />
        </div>
      </div>
      <div aria-live="polite">
        {notice && (
          <Alert variant="info" className="py-2 mt-3">
            {notice}
          </Alert>
        )}
      </div>
    </>
  );
}
