import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BannerAdImages } from './BannerAdImages';
import { BannerAdStatusBadge } from './BannerAdStatusBadge';

const images = ['https://media.test/1.png', 'https://media.test/2.png', 'https://media.test/3.png'];

describe('BannerAdImages', () => {
  it('opens an image in a viewer that moves with the arrow keys and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<BannerAdImages images={images} brand="Acme" />);
    await user.click(screen.getByRole('button', { name: 'Open Acme, image 2 of 3' }));
    expect(await screen.findByRole('img', { name: 'Acme, image 2 of 3' })).toHaveAttribute('src', images[1]);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Acme, image 3 of 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Acme, image 1 of 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'Acme, image 3 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('img', { name: 'Acme, image 2 of 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when there is no image', () => {
    render(<BannerAdImages images={[]} brand="Acme" />);
    expect(screen.getByText('No images.')).toBeInTheDocument();
  });
});

describe('BannerAdStatusBadge', () => {
  it('names each state whatever its case, and a live ad', () => {
    render(
      <>
        <BannerAdStatusBadge status="PENDING" />
        <BannerAdStatusBadge status="approved" live />
        <BannerAdStatusBadge status="Rejected" />
      </>,
    );
    expect(screen.getByText('Pending')).toHaveClass('text-bg-warning');
    expect(screen.getByText('Approved')).toHaveClass('text-bg-success');
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toHaveClass('text-bg-danger');
  });
});
