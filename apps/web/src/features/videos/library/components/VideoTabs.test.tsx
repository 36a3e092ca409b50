import { videoRoutes, legacyRoutes } from '@pw/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReleaseState } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { legacySettings } from '@/test/legacy-fixture';
import { renderWithApp } from '@/test/render';
import { videoFixture } from '@/test/video-fixture';
import { VideoTabs } from './VideoTabs';
import { expectLinkTo } from '@/test/links';

const LIST = routeKey(videoRoutes.listFinal);
const LEGACY = routeKey(legacyRoutes.settings);

function openTab(state: ReleaseState | 'error', videos = [videoFixture(3, 'final')]) {
  fakeApi({
    [LIST]: () => ({ body: { data: videos } }),
    [LEGACY]: () =>
      state === 'error'
        ? { status: 500, body: { message: 'Server error' } }
        : { body: { data: legacySettings({ state }) } },
  });
  renderWithApp(<VideoTabs />, { route: '/user/profile' });
}

const settingsLink = () => screen.getByRole('link', { name: 'Release settings and trusted contacts' });

describe("'My Parting Words' tab", () => {
  it('says when a sealed message is released and links to the release settings and trusted contacts', async () => {
    openTab('sealed');
    expect(await screen.findByText('Sealed — released after your passing is confirmed.')).toBeVisible();
    expect(settingsLink()).toHaveAttribute('href', '/user/profile/details#legacy-heading');
    expect(await screen.findByText('Video 3')).toBeInTheDocument();
  });

  it.each([
    ['open', 'Available at once to anyone with its access code.'],
    ['released', 'Released — its access code opens it, and your trusted contacts have their link.'],
    [
      'waiting',
      'A passing has been reported — released when your waiting period ends, unless you cancel it.',
    ],
  ] as const)('names the %s state', async (state, line) => {
    openTab(state);
    expect(await screen.findByText(line)).toBeVisible();
  });

  it('empty: says how to record or move a final message here, with the ways to start one', async () => {
    openTab('sealed', []);
    expect(await screen.findByText('Not Available')).toBeVisible();
    expect(screen.getByText(/Save a new recording or upload here/)).toBeVisible();
    expect(
      screen.getByText(/move a video from Scheduled with Change folder \(a draft is scheduled first\)/),
    ).toBeVisible();
    expectLinkTo('Record a message', '/user/video/VideoRecorder');
    expectLinkTo('Upload Your Video', '/user/video/upload');
    expect(settingsLink()).toBeVisible();
  });

  it('keeps the way to the settings when the state cannot be read', async () => {
    openTab('error');
    expect(await screen.findByText('Where your message stands could not be read.')).toBeVisible();
    expect(settingsLink()).toBeVisible();
  });
});
