import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Storage, StoredObject } from '../../platform/storage/storage';
import type { ExportContents } from './export.contents';

export const README = `Parting Words: your data
=========================

This archive holds everything Parting Words keeps about your account, as it was when you asked for it.

profile.json        your profile (name, e-mail, phone, address...)
photo.<ext>         your profile photo, when you have one
videos/             one folder per video: video.mp4 (plays in any video player), thumbnail.jpg,
                    info.json (title, description, folder, codes, hashtags, recipient and date) and
                    its captions, one video.<language>.vtt per language (WebVTT: plain text that
                    video players show as subtitles)
schedules.json      your scheduled deliveries: who receives which video, when, the second address,
                    yearly repeats, whether you get receipts, how often it was opened, what happened
forms_sent.json     the Funeral Home Forms you sent
payments.json       your payments: date, what was bought, amount, and the card's brand and last four
                    digits only (the card number is never stored)
subscriptions.json  your plans and when they end
banner_ads.json     your banner ad requests
notifications.json  your notifications
admin_reads.json    each time an administrator opened your final message or your details, and why
release_settings.json         how your final message is released (waiting period, check-ins)
trusted_contacts.json         your trusted contacts
passing_reports.json          reports of your passing, and how each ended
passings_you_reported.json    the passings you reported of someone else
release_log.json              what happened to your final message
watch_grants_given.json       the private watch links you gave
watch_grants_held.json        the private watch links given to your e-mail address
likes.json                    the videos you liked
final_messages_opened.json    the final messages you opened with their access code
address_checks.json           the yearly checks of your recipients' addresses, and your answers
policy_acknowledgements.json  the policy versions you acknowledged
messages_to_us.json           what you wrote to us with the contact form
services_offered.json         a funeral home's own services
locations_offered.json        a funeral home's own locations
notices_sent.json             every e-mail sent about your account: kind, recipient, state and dates
memorial.json                 your choice of a memorial page (text, videos, who looks after it)
memorial_page.json            the memorial page opened at the release of your final message
memorial_guestbook.json       the messages visitors left in its guestbook

The .json files are plain text: open them with any text editor.
A video still being processed, or whose processing failed, has its info.json but no video.mp4.
`;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** A folder name a person can read: the id first (unique), then the title's letters and digits. */
export function videoFolderName(id: number, title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return slug ? `${id}-${slug}` : String(id);
}

export type Progress = (done: number, total: number) => Promise<void>;

/**
 * Streams the archive into `key`: each video file is read from storage only when its turn comes, and the
 * zip is written as it is produced, so memory stays bounded whatever the size of the videos (MP4s are
 * stored, not compressed again). `progress` is told after each video is opened.
 */
export async function writeArchive(
  storage: Storage,
  key: string,
  contents: ExportContents,
  progress: Progress,
): Promise<StoredObject> {
  const zip = new ZipFile();
  // A video that cannot be read fails the whole archive (the job is retried), never a truncated zip.
  zip.on('error', (error: Error) => (zip.outputStream as unknown as Readable).destroy(error));
  const mtime = new Date();
  zip.addBuffer(Buffer.from(README), 'README.txt', { mtime });
  zip.addBuffer(json(contents.profile), 'profile.json', { mtime });
  for (const [name, rows] of Object.entries(contents.sections))
    zip.addBuffer(json(rows), `${name}.json`, { mtime });

  let reports = Promise.resolve();
  const lazy = (storageKey: string, after?: () => Promise<void>) =>
    ((callback: (error: unknown, stream: NodeJS.ReadableStream) => void) => {
      storage.read(storageKey).then(
        (stream) => {
          if (after) reports = reports.then(after);
          callback(null, stream);
        },
        (error: unknown) => callback(error, Readable.from([])),
      );
    }) as (cb: (err: unknown, readStream: NodeJS.ReadableStream) => void) => void;

  if (contents.photoKey) {
    const extension = contents.photoKey.split('.').pop() ?? 'jpg';
    zip.addReadStreamLazy(`photo.${extension}`, { mtime, compress: false }, lazy(contents.photoKey));
  }
  const total = contents.videos.length;
  contents.videos.forEach((video, index) => {
    const folder = `videos/${videoFolderName(video.id, String(video.info.title ?? ''))}`;
    zip.addBuffer(json(video.info), `${folder}/info.json`, { mtime });
    if (video.thumbnailKey)
      zip.addReadStreamLazy(`${folder}/thumbnail.jpg`, { mtime, compress: false }, lazy(video.thumbnailKey));
    if (video.mediaKey)
      zip.addReadStreamLazy(
        `${folder}/video.mp4`,
        { mtime, compress: false },
        lazy(video.mediaKey, () => progress(index + 1, total)),
      );
    for (const track of video.captions)
      zip.addReadStreamLazy(`${folder}/video.${track.language}.vtt`, { mtime }, lazy(track.key));
  });
  zip.end();
  const stored = await storage.put(key, zip.outputStream as unknown as Readable, 'application/zip');
  await reports;
  return stored;
}
