import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MEMORIAL_MESSAGES, memorialRoutes, type MemorialSettings } from '@pw/contracts';
import { fakeApi, routeKey } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { MemorialCard } from './MemorialCard';

const settings = (over: Partial<MemorialSettings> = {}): MemorialSettings => ({
  enabled: false,
  text: null,
  photo_path: null,
  video_ids: [],
  moderators: 'contacts',
  listed: false,
  choosable_videos: [
    { id: 3, title: 'My last words', type: 'final' },
    { id: 4, title: 'For my brother', type: 'scheduled' },
  ],
  page_path: null,
  ...over,
});
const SETTINGS = routeKey(memorialRoutes.settings);
const SAVE_PATH = routeKey(memorialRoutes.saveSettings).split(' ')[1]!;

describe('MemorialCard (the owner’s memorial page choice)', () => {
  it('is off until turned on; saves the choice once on a double click and says it is saved', async () => {
    const api = fakeApi({ [SETTINGS]: () => ({ body: { data: settings() } }) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('PUT', SAVE_PATH, async () => {
      await held;
      return {
        body: {
          message: MEMORIAL_MESSAGES.saved,
          data: settings({
            enabled: true,
            text: 'Be kind.',
            video_ids: [3],
            moderators: 'both',
            listed: true,
          }),
        },
      };
    });
    renderWithApp(<MemorialCard />);
    const user = userEvent.setup();
    const on = await screen.findByLabelText('Open a memorial page after my passing');
    expect(on).not.toBeChecked();
    expect(screen.queryByLabelText(/A few words/)).toBeNull();
    await user.click(on);
    await user.type(screen.getByLabelText(/A few words/), 'Be kind.');
    await user.click(screen.getByLabelText('My last words (final message)'));
    await user.click(screen.getByLabelText('Both'));
    await user.click(screen.getByLabelText(/Let people find the page by my name/));
    await user.dblClick(screen.getByRole('button', { name: 'Save memorial page choices' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save memorial page choices' })).toBeDisabled(),
    );
    release();
    expect(await screen.findByText(MEMORIAL_MESSAGES.saved)).toBeInTheDocument();
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    const body = puts[0]!.body as FormData;
    expect(body.get('enabled')).toBe('1');
    expect(body.get('text')).toBe('Be kind.');
    expect(body.getAll('video_ids[]').length + body.getAll('video_ids').length).toBe(1);
    expect(body.get('moderators')).toBe('both');
    expect(body.get('listed')).toBe('1');
    // A change after the save takes 'saved' away.
    await user.type(screen.getByLabelText(/A few words/), '!');
    expect(screen.queryByText(MEMORIAL_MESSAGES.saved)).toBeNull();
  });

  it('holds the text to its limit and shows the server’s error at the videos', async () => {
    const api = fakeApi({ [SETTINGS]: () => ({ body: { data: settings({ enabled: true }) } }) });
    api.on('PUT', SAVE_PATH, () => ({
      status: 422,
      body: {
        message: MEMORIAL_MESSAGES.videoNotYours,
        errors: { video_ids: [MEMORIAL_MESSAGES.videoNotYours] },
      },
    }));
    renderWithApp(<MemorialCard />);
    const user = userEvent.setup();
    // The box takes no more than the contract allows.
    const text = await screen.findByLabelText(/A few words/);
    expect(text).toHaveAttribute('maxlength', '2000');
    await user.click(screen.getByRole('button', { name: 'Save memorial page choices' }));
    expect(await screen.findByText(MEMORIAL_MESSAGES.videoNotYours)).toBeInTheDocument();
  });

  it('says when the choice cannot be read, with a retry', async () => {
    fakeApi({ [SETTINGS]: () => ({ status: 500, body: {} }) });
    renderWithApp(<MemorialCard />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
