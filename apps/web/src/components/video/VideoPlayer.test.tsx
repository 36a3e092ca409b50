import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES } from '@pw/contracts';
import { videoFixture } from '@/test/video-fixture';
import { PLAYBACK_FAILED, VideoPlayer } from './VideoPlayer';

describe('VideoPlayer', () => {
  it('plays a ready video', () => {
    render(<VideoPlayer video={videoFixture(1, 'draft')} />);
    expect(screen.getByLabelText('Video: Video 1')).toHaveAttribute('src', '/media/1.mp4');
  });

  it('says so instead of playing a video whose file was found damaged in storage', () => {
    render(<VideoPlayer video={videoFixture(2, 'draft', { damaged: true })} />);
    expect(screen.queryByLabelText('Video: Video 2')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(MEDIA_MESSAGES.damaged);
  });

  describe('a load that fails', () => {
    afterEach(() => vi.unstubAllGlobals());
    const failWith = (status: number) => {
      const asked = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status }));
      vi.stubGlobal('fetch', asked);
      render(<VideoPlayer video={videoFixture(3, 'draft')} />);
      fireEvent.error(screen.getByLabelText('Video: Video 3'));
      return asked;
    };

    it('a file the server now answers 410 for shows the damaged-file text in place of greyed controls', async () => {
      const asked = failWith(410);
      expect(await screen.findByRole('status')).toHaveTextContent(MEDIA_MESSAGES.damaged);
      expect(screen.queryByLabelText('Video: Video 3')).toBeNull();
      expect(asked).toHaveBeenCalledWith('/media/3.mp4', { method: 'HEAD' });
    });

    it('any other failure says the video could not be played, and how to try again', async () => {
      failWith(403);
      expect(await screen.findByRole('alert')).toHaveTextContent(PLAYBACK_FAILED);
      expect(screen.getByLabelText('Video: Video 3')).toBeInTheDocument();
    });
  });
});

describe('VideoPlayer captions', () => {
  afterEach(() => vi.unstubAllGlobals());
  const captions = [
    { language: 'en', url: '/media/v/captions/a.vtt?exp=1&sig=x' },
    { language: 'fr', url: '/media/v/captions/b.vtt?exp=1&sig=y' },
  ];
  const tracksOf = (title: string) =>
    [...screen.getByLabelText(`Video: ${title}`).querySelectorAll('track')].map((track) => ({
      kind: track.getAttribute('kind'),
      srclang: track.getAttribute('srclang'),
      label: track.getAttribute('label'),
      src: track.getAttribute('src'),
      default: track.hasAttribute('default'),
    }));

  it('offers each track, named in the reader’s language, on by default in the browser’s language', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'fr-CA', languages: ['en'] });
    render(<VideoPlayer video={videoFixture(4, 'draft')} captions={captions} />);
    expect(tracksOf('Video 4')).toEqual([
      { kind: 'captions', srclang: 'en', label: 'English', src: captions[0]!.url, default: false },
      { kind: 'captions', srclang: 'fr', label: 'French', src: captions[1]!.url, default: true },
    ]);
  });

  it('turns none on when no track is in the browser’s language, and renders none without captions', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'de-DE', languages: ['de-DE'] });
    render(<VideoPlayer video={videoFixture(5, 'draft')} captions={captions} />);
    expect(tracksOf('Video 5').map((track) => track.default)).toEqual([false, false]);
    render(<VideoPlayer video={videoFixture(6, 'draft')} />);
    expect(tracksOf('Video 6')).toEqual([]);
  });
});
