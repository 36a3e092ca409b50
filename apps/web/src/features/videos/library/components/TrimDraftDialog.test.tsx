import { TRIM_MESSAGES, videoRoutes, type Video } from '@pw/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, routeKey, type FakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { videoFixture } from '@/test/video-fixture';
import { DraftVideoPage, ScheduledVideoPage } from './VideoDetailPage';

/** A draft's page trims it: Start and End on its timeline, then Save sends them to the trim call. */
describe('trimming a draft on its page', () => {
  let drafts: Video[];
  let server: FakeApi;
  let refuse: string | null;

  beforeEach(() => {
    drafts = [
      videoFixture(7, 'draft', {
        state: 'ready',
        duration: '00:00:20',
        duration_seconds: 20,
        video_link: '/media/7.mp4',
      }),
    ];
    refuse = null;
    server = fakeApi({
      [routeKey(videoRoutes.listDraft)]: () => ({ body: { data: drafts } }),
      [routeKey(videoRoutes.listScheduled)]: () => ({
        body: { data: [videoFixture(5, 'scheduled', { state: 'ready', duration_seconds: 20 })] },
      }),
      [routeKey(videoRoutes.trim, { id: 7 })]: () => {
        if (refuse) return { status: 422, body: { message: refuse, errors: { trim_end: [refuse] } } };
        drafts = [{ ...drafts[0]!, state: 'processing', status: 'processing' }];
        return { body: { message: TRIM_MESSAGES.started, data: drafts[0] } };
      },
    });
  });

  const render = (route: string) =>
    renderWithApp(
      <Routes>
        <Route path="/user/profile/drafts" element={<DraftVideoPage />} />
        <Route path="/user/profile/scheduled" element={<ScheduledVideoPage />} />
      </Routes>,
      { route },
    );

  it('sends the start and end set on the preview, then says the video is being trimmed', async () => {
    const user = userEvent.setup();
    render('/user/profile/drafts?video=7');
    await user.click(await screen.findByRole('button', { name: /Trim/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trim the video' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    // Nothing to save while the whole video is kept.
    expect(save).toBeDisabled();
    expect(within(dialog).getByTestId('trim-preview')).toHaveAttribute('src', '/media/7.mp4');
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '12' } });
    expect(within(dialog).getByTestId('trim-kept')).toHaveTextContent('Keeps 7.0 s of 20.0 s');
    expect((within(dialog).getByTestId('trim-preview') as HTMLVideoElement).currentTime).toBe(12);
    await user.click(save);

    await screen.findByRole('dialog', { name: TRIM_MESSAGES.started });
    const call = server.calls.find((c) => c.method === 'POST' && c.path.endsWith('/trim'));
    expect(JSON.parse(String(call!.body))).toEqual({ trim_start: 5, trim_end: 12 });
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const user = userEvent.setup();
    refuse = 'The trim end is past the end of the clip (19.0 s).';
    render('/user/profile/drafts?video=7');
    await user.click(await screen.findByRole('button', { name: /Trim/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trim the video' });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '19.5' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refuse);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the last trim failed and the draft stayed as it was', async () => {
    drafts = [{ ...drafts[0]!, failure_reason: 'Converting the video took too long.' }];
    render('/user/profile/drafts?video=7');
    expect(
      await screen.findByText(
        'The last trim could not be made, so the video is as it was: Converting the video took too long.',
      ),
    ).toBeInTheDocument();
  });

  it('is offered for a ready draft only', async () => {
    drafts = [{ ...drafts[0]!, state: 'processing', status: 'processing' }];
    const { unmount } = render('/user/profile/drafts?video=7');
    await screen.findByRole('group', { name: 'Video actions' });
    expect(screen.queryByRole('button', { name: /Trim/ })).toBeNull();
    unmount();
    render('/user/profile/scheduled?video=5');
    await screen.findByRole('group', { name: 'Video actions' });
    expect(screen.queryByRole('button', { name: /Trim/ })).toBeNull();
  });
});
