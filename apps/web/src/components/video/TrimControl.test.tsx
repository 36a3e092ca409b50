import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  clearEditTrims,
  readEditTrims,
  saveEditTrims,
  setEditTrim,
  type ClipTrim,
} from '@/lib/edit-list/edit-trims';
import { TrimControl } from './TrimControl';

/** The control as the edit page holds it: the trim in state, every seek recorded. */
function Harness({ duration, seeks }: { duration: number; seeks: number[] }) {
  const [trim, setTrim] = useState<ClipTrim | null>(null);
  return (
    <>
      <TrimControl
        clipName="clip 1"
        duration={duration}
        value={trim}
        onChange={setTrim}
        onSeek={(seconds) => seeks.push(seconds)}
      />
      <p data-testid="trim-state">{JSON.stringify(trim)}</p>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('trim-state').textContent!) as ClipTrim | null;

describe('trimming a clip before it is kept', () => {
  it('sets a start and an end on labelled sliders, moving the preview to each, and shows what is kept', () => {
    const seeks: number[] = [];
    render(<Harness duration={20} seeks={seeks} />);
    expect(screen.getByRole('group', { name: 'Trim clip 1' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '12' } });
    expect(state()).toEqual({ start: 5, end: 12 });
    expect(seeks).toEqual([5, 12]);
    expect(screen.getByTestId('trim-kept')).toHaveTextContent('Keeps 7.0 s of 20.0 s');
    expect(screen.getByLabelText('Start')).toHaveAttribute('aria-valuetext', '5.0 s');
  });

  it('keeps at least a second: the end cannot come before the start, nor the start after the end', () => {
    render(<Harness duration={20} seeks={[]} />);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '4' } });
    expect(state()).toEqual({ start: 10, end: 11 });
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '15' } });
    expect(state()).toEqual({ start: 10, end: 11 });
  });

  it('goes back to the whole clip with its button, from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness duration={20} seeks={[]} />);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '3' } });
    screen.getByRole('button', { name: 'Keep the whole clip' }).focus();
    await user.keyboard('{Enter}');
    expect(state()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep the whole clip' })).toBeNull();
  });

  it('keeps the trims in the session through a payment, and forgets them with the list', () => {
    saveEditTrims({ a: { start: 5, end: 12 } });
    sessionStorage.setItem('editTrims', JSON.stringify({ ...readEditTrims(), bad: { start: 'x' } }));
    expect(readEditTrims()).toEqual({ a: { start: 5, end: 12 } });
    // The recorder adds its recording's trim beside the others, and a null takes one away.
    setEditTrim('b', { start: 1, end: 3 });
    expect(readEditTrims()).toEqual({ a: { start: 5, end: 12 }, b: { start: 1, end: 3 } });
    setEditTrim('a', null);
    expect(readEditTrims()).toEqual({ b: { start: 1, end: 3 } });
    clearEditTrims();
    expect(readEditTrims()).toEqual({});
  });
});
