import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageUploader } from './ImageUploader';

function Harness({ max }: { max?: number }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <ImageUploader label="Photo" files={files} onChange={setFiles} maxFiles={max} />
      <output>{files.map((f) => f.name).join(',')}</output>
    </>
  );
}

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('ImageUploader', () => {
  it('shows the hint and the type error, and keeps nothing that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness max={1} />);
    expect(screen.getByText('Upload Image JPG, JPEG max (15 MB)')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Photo'), file('cv.pdf', 'application/pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only image files (jpg, png, gif, webp, svg) are allowed.',
    );
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('');
  });

  it('accepts an image, previews it, and removes it again', async () => {
    const user = userEvent.setup();
    render(<Harness max={1} />);
    await user.upload(screen.getByLabelText('Photo'), file('me.png', 'image/png'));
    expect(screen.getByAltText('Selected: me.png')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove me.png' }));
    expect(screen.queryByAltText('Selected: me.png')).toBeNull();
  });

  it('enforces the default limit of three files', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Photo');
    await user.upload(input, [
      file('1.png', 'image/png'),
      file('2.png', 'image/png'),
      file('3.png', 'image/png'),
    ]);
    await user.upload(input, file('4.png', 'image/png'));
    expect(screen.getByRole('alert')).toHaveTextContent('You can only upload up to 3 files.');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('1.png,2.png,3.png');
  });
});
