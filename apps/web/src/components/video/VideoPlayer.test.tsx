import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@pw/contracts';
import { videoFixture } from '@/test/video-fixture';
import { VideoPlayer } from './VideoPlayer';

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
});
