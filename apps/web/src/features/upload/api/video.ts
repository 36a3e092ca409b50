/** The fields of a stored video that the upload screens read. */
export interface UploadedVideo {
  id: number;
  title: string;
  type: 'draft' | 'scheduled' | 'final';
  state: 'uploaded' | 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  video_link: string | null;
  video_thumbnail: string | null;
  duration: string | null;
}
