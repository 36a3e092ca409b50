import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOMATIC_CAPTION_MESSAGES,
  CAPTION_BODY_LIMIT,
  CAPTION_LIMITS,
  CAPTION_MESSAGES,
  CAPTION_TRACK_MESSAGES,
  captionRoutes,
  routeUrl,
  type CaptionTrackBody,
} from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import { bearer, signUpFuneralHome, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { videos } from '../videos/videos.schema';
import { storedObjectRecords } from '../../platform/storage/object-records.schema';
import { QUEUE_SCHEMA } from '../../platform/queue';
import { captionsRecognizeQueue } from './captions.queue';
import { captionTracks } from './captions.schema';

const VTT =
  'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello, my dear.\n\n00:00:05.000 --> 00:00:08.500\nI love you.\n';
const SRT = '1\n00:00:00,500 --> 00:00:02,000\nFirst\n\n2\n00:00:02,500 --> 00:00:04,000\n<i>Second</i>\n';
/** Its second cue's time line (line 6) runs backwards. */
const BAD_SRT = '1\n00:00:00,500 --> 00:00:02,000\nFirst\n\n2\n00:00:05,000 --> 00:00:04,000\nSecond\n';

describe('caption tracks: the owner writes, reads and deletes them', () => {
  const ctx = contextForSuite();
  let owner: SignedIn;
  let stranger: SignedIn;
  let home: SignedIn;
  let videoId: number;
  let processingId: number;

  const at = (id: number, language: string) => ({ id, language });
  const save = (id: number, language: string, body: unknown, token: string | null = owner.token) =>
    ctx.app.inject({
      method: 'PUT',
      url: routeUrl(captionRoutes.save, at(id, language)),
      headers: token ? bearer(token) : {},
      payload: body as CaptionTrackBody,
    });
  const remove = (id: number, language: string, token: string | null = owner.token) =>
    ctx.app.inject({
      method: 'DELETE',
      url: routeUrl(captionRoutes.remove, at(id, language)),
      headers: token ? bearer(token) : {},
    });
  const list = (id: number, token: string | null = owner.token) =>
    ctx.app.inject({
      method: 'GET',
      url: routeUrl(captionRoutes.list, { id }),
      headers: token ? bearer(token) : {},
    });
  const file = (id: number, name: string, token: string | null = owner.token) =>
    ctx.app.inject({
      method: 'GET',
      url: routeUrl(captionRoutes.file, { id, file: name }),
      headers: token ? bearer(token) : {},
    });
  const rows = () => ctx.deps.db.select().from(captionTracks).where(eq(captionTracks.videoId, videoId));

  beforeAll(async () => {
    owner = await signUpUser(ctx);
    stranger = await signUpUser(ctx);
    home = await signUpFuneralHome(ctx);
    videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
    processingId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', state: 'processing' });
    // Converting: its length is measured from the output, not known yet.
    await ctx.deps.db.update(videos).set({ durationMs: null }).where(eq(videos.id, processingId));
  });

  it('keeps a WebVTT file as sent, accepted, and lists it with its cues', async () => {
    const saved = await save(videoId, 'en', { vtt: VTT });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: CAPTION_TRACK_MESSAGES.saved,
      data: { language: 'en', source: 'owner', status: 'accepted', cue_count: 2 },
    });
    const listed = await list(videoId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        language: 'en',
        cues: [
          { start: 1, end: 4, text: 'Hello, my dear.' },
          { start: 5, end: 8.5, text: 'I love you.' },
        ],
      }),
    ]);
  });

  it('serves the track as text/vtt for the owner', async () => {
    const response = await file(videoId, 'en.vtt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(response.body).toBe(VTT);
  });

  it('reads SRT into WebVTT, spelling the language canonically, and replaces a track in place', async () => {
    const first = await save(videoId, 'pt-br', { vtt: SRT });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ language: 'pt-BR', cue_count: 2 });
    expect((await file(videoId, 'pt-BR.vtt')).body).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nFirst\n\n00:00:02.500 --> 00:00:04.000\nSecond\n',
    );
    const before = (await rows()).find((row) => row.language === 'pt-BR')!;
    const second = await save(videoId, 'pt-BR', { cues: [{ start: 0, end: 2, text: 'Primeiro <b> & fim' }] });
    expect(second.statusCode, second.body).toBe(200);
    const after = (await rows()).filter((row) => row.language === 'pt-BR');
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before.id);
    expect(after[0]!.objectKey).not.toBe(before.objectKey);
    // The old file is gone from storage with its record; the editor's text is escaped, not markup.
    expect(await ctx.deps.storage.stat(before.objectKey)).toBeNull();
    expect((await file(videoId, 'pt-BR.vtt')).body).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nPrimeiro &lt;b&gt; &amp; fim\n',
    );
  });

  it("spreads a transcript over the video's length", async () => {
    const response = await save(videoId, 'fr', { transcript: 'Bonjour. Je suis là.\nAu revoir!' });
    expect(response.statusCode, response.body).toBe(200);
    const cues = response.json().data.cues as Array<{ start: number; end: number; text: string }>;
    expect(cues.map((cue) => cue.text)).toEqual(['Bonjour.', 'Je suis là.', 'Au revoir!']);
    expect(cues[0]!.start).toBe(0);
    expect(cues.at(-1)!.end).toBe(42); // the fixture video's length
  });

  it('refuses a bad SRT with its line named, and keeps the track it had', async () => {
    const before = await file(videoId, 'en.vtt');
    const response = await save(videoId, 'en', { vtt: BAD_SRT });
    expect(response.statusCode).toBe(422);
    const message = `Line 6: ${CAPTION_MESSAGES.endBeforeStart}`;
    expect(response.json()).toMatchObject({ message, errors: { vtt: [message] } });
    expect((await file(videoId, 'en.vtt')).body).toBe(before.body);
  });

  it('refuses a bad language tag, no source or two sources, and cues that end before they start', async () => {
    const refusals: Array<[string, unknown, string]> = [
      ['not a tag!', { vtt: VTT }, CAPTION_TRACK_MESSAGES.badLanguage],
      ['en', {}, CAPTION_TRACK_MESSAGES.oneSource],
      ['en', { vtt: VTT, transcript: 'Hello.' }, CAPTION_TRACK_MESSAGES.oneSource],
      ['en', { cues: [{ start: 3, end: 2, text: 'x' }] }, 'A caption must end after it starts.'],
      ['en', { vtt: 'WEBVTT\n' }, `Line 2: ${CAPTION_MESSAGES.empty}`],
    ];
    for (const [language, body, message] of refusals) {
      const response = await save(videoId, language, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.body).toContain(message);
    }
    expect((await file(videoId, 'x_y.vtt')).statusCode).toBe(422);
    expect((await file(videoId, 'en.srt')).statusCode).toBe(422);
    expect((await remove(videoId, 'x_y')).statusCode).toBe(422);
    expect((await rows()).map((row) => row.language).sort()).toEqual(['en', 'fr', 'pt-BR']);
  });

  it('refuses a transcript before the video has a length', async () => {
    const response = await save(processingId, 'en', { transcript: 'Too early.' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ transcript: [CAPTION_TRACK_MESSAGES.noLength] });
    // A timed file needs no length: the owner may caption while the video converts, as a title is edited.
    expect((await save(processingId, 'en', { vtt: VTT })).statusCode).toBe(200);
  });

  it('refuses a body over the limit as it arrives, and a file over the limit before reading it', async () => {
    const huge = await save(videoId, 'de', { vtt: 'x'.repeat(CAPTION_BODY_LIMIT + 1) });
    expect(huge.statusCode).toBe(413);
    const cue = '00:00:01.000 --> 00:00:02.000\nWords words words words.\n\n';
    const big = `WEBVTT\n\n${cue.repeat(Math.ceil(CAPTION_LIMITS.bytes / cue.length) + 1)}`;
    expect(big.length).toBeLessThan(CAPTION_BODY_LIMIT - 10_000);
    const large = await save(videoId, 'de', { vtt: big });
    expect(large.statusCode).toBe(422);
    expect(large.json().message).toBe(`Line 1: ${CAPTION_MESSAGES.tooLarge}`);
    const many = Array.from({ length: CAPTION_LIMITS.cues + 1 }, (_, i) => ({
      start: i,
      end: i + 0.5,
      text: 'a',
    }));
    expect((await save(videoId, 'de', { cues: many })).statusCode).toBe(422);
    expect((await rows()).some((row) => row.language === 'de')).toBe(false);
  });

  it('answers 401 without a session and 403 to a funeral home, changing nothing', async () => {
    expect((await save(videoId, 'en', { vtt: SRT }, null)).statusCode).toBe(401);
    expect((await remove(videoId, 'en', null)).statusCode).toBe(401);
    expect((await list(videoId, null)).statusCode).toBe(401);
    expect((await file(videoId, 'en.vtt', null)).statusCode).toBe(401);
    expect((await save(videoId, 'en', { vtt: SRT }, home.token)).statusCode).toBe(403);
    expect((await remove(videoId, 'en', home.token)).statusCode).toBe(403);
    expect((await list(videoId, home.token)).statusCode).toBe(403);
    expect((await file(videoId, 'en.vtt', home.token)).statusCode).toBe(403);
    expect((await file(videoId, 'en.vtt')).body).toBe(VTT);
  });

  it("answers another owner's video, or a missing one, with the same 404 and changes nothing", async () => {
    const before = await rows();
    for (const id of [videoId, 999_999]) {
      for (const response of [
        await save(id, 'en', { vtt: SRT }, stranger.token),
        await save(id, 'nl', { vtt: SRT }, stranger.token),
        await remove(id, 'en', stranger.token),
        await list(id, stranger.token),
        await file(id, 'en.vtt', stranger.token),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Video not found.');
      }
    }
    expect(await rows()).toEqual(before);
  });

  it('deletes a track and its file; a second delete, or a language it lacks, is a 404', async () => {
    const [fr] = (await rows()).filter((row) => row.language === 'fr');
    const response = await remove(videoId, 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CAPTION_TRACK_MESSAGES.deleted, data: null });
    expect(await ctx.deps.storage.stat(fr!.objectKey)).toBeNull();
    for (const again of [await remove(videoId, 'fr'), await file(videoId, 'fr.vtt')]) {
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(CAPTION_TRACK_MESSAGES.notFound);
    }
    expect((await list(videoId)).json().data.map((track: { language: string }) => track.language)).toEqual([
      'en',
      'pt-BR',
    ]);
  });

  it('leaves one track and one file when the same language is saved twice at once', async () => {
    const answers = await Promise.all([
      save(videoId, 'it', { vtt: VTT }),
      save(videoId, 'it', { cues: [{ start: 0, end: 1, text: 'Ciao' }] }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const tracks = await ctx.deps.db.select().from(captionTracks);
    expect(tracks.filter((row) => row.videoId === videoId && row.language === 'it')).toHaveLength(1);
    // Every caption file stored is one a track names: replaced and deleted ones are gone.
    const stored = await ctx.deps.db
      .select({ key: storedObjectRecords.key })
      .from(storedObjectRecords)
      .where(like(storedObjectRecords.key, 'captions/%'));
    expect(stored.map((row) => row.key).sort()).toEqual(tracks.map((row) => row.objectKey).sort());
  });
  describe('automatic captions on a server without a model', () => {
    const post = (url: string, token: string | null = owner.token) =>
      ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} });
    const recognitionJobs = async () =>
      (
        await ctx.deps.database.executeSql(
          `select count(*)::int as n from ${QUEUE_SCHEMA}.job where name = $1`,
          [captionsRecognizeQueue.name],
        )
      ).rows[0]!.n;

    it('says so in the list and to the owner who asks, and queues nothing when a video becomes ready', async () => {
      expect((await list(videoId)).json().automatic).toEqual({
        available: false,
        state: null,
        progress: null,
      });
      const asked = await post(routeUrl(captionRoutes.automatic, { id: videoId }));
      expect(asked.statusCode).toBe(409);
      expect(asked.json().message).toBe(AUTOMATIC_CAPTION_MESSAGES.notSetUp);
      expect((await post(routeUrl(captionRoutes.automatic, { id: videoId }), null)).statusCode).toBe(401);
      expect((await post(routeUrl(captionRoutes.automatic, { id: videoId }), home.token)).statusCode).toBe(
        403,
      );
      expect(
        (await post(routeUrl(captionRoutes.automatic, { id: videoId }), stranger.token)).statusCode,
      ).toBe(404);
      await ctx.deps.db.transaction((tx) => ctx.deps.captions.mediaReady(videoId, tx));
      expect(await recognitionJobs()).toBe(0);
      expect((await list(videoId)).json().automatic.state).toBeNull();
    });

    it("accepts a draft for its owner only; the owner's own track is no draft", async () => {
      const accept = (language: string, token: string | null = owner.token) =>
        post(routeUrl(captionRoutes.accept, { id: videoId, language }), token);
      const draft = await save(videoId, 'de', { vtt: VTT });
      expect(draft.statusCode).toBe(200);
      // The owner's own words are accepted as written: nothing to accept.
      const own = await accept('de');
      expect(own.statusCode).toBe(404);
      expect(own.json().message).toBe(AUTOMATIC_CAPTION_MESSAGES.noDraft);
      // As the recognizer leaves a track.
      await ctx.deps.db
        .update(captionTracks)
        .set({ source: 'automatic', status: 'draft' })
        .where(and(eq(captionTracks.videoId, videoId), eq(captionTracks.language, 'de')));
      const de = async () => (await rows()).find((row) => row.language === 'de')!;
      const before = await de();
      expect((await accept('de', null)).statusCode).toBe(401);
      expect((await accept('de', home.token)).statusCode).toBe(403);
      expect((await accept('de', stranger.token)).statusCode).toBe(404);
      expect((await accept('xx-not-a-tag!')).statusCode).toBe(422);
      expect(await de()).toEqual(before);
      const accepted = await accept('de');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({
        message: AUTOMATIC_CAPTION_MESSAGES.accepted,
        data: { language: 'de', source: 'automatic', status: 'accepted', cue_count: 2 },
      });
      expect(await de()).toMatchObject({ status: 'accepted', objectKey: before.objectKey });
    });

    it("an edited draft becomes the owner's own accepted track", async () => {
      await ctx.deps.db
        .update(captionTracks)
        .set({ source: 'automatic', status: 'draft' })
        .where(and(eq(captionTracks.videoId, videoId), eq(captionTracks.language, 'de')));
      const edited = await save(videoId, 'de', { cues: [{ start: 0, end: 2, text: 'Hallo' }] });
      expect(edited.json().data).toMatchObject({ source: 'owner', status: 'accepted', cue_count: 1 });
    });
  });
});
