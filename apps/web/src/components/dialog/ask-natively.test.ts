import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { askNatively } from './ask-natively';

describe('the browser-dialog stand-in for a modal that could not load', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks a question with confirm and answers what the person chose', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    expect(
      askNatively({ variant: 'question', title: 'Logout?', text: 'Are you sure you want to logout?' }),
    ).toEqual({ confirmed: true });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('Logout?\n\nAre you sure you want to logout?');

    confirm.mockReturnValue(false);
    expect(askNatively({ variant: 'default', title: 'Discard the video' })).toEqual({ confirmed: false });
    expect(confirm).toHaveBeenLastCalledWith('Discard the video');
  });

  it('tells a one-button dialog with alert, leaving out a text that is not plain text', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const text = createElement('b', null, 'Something');
    expect(askNatively({ variant: 'unsuccessful', title: 'Oops!', text })).toEqual({ confirmed: true });
    expect(alert).toHaveBeenCalledWith('Oops!');
  });

  it('asks for the descriptive text with prompt: a blank or dismissed answer is no answer', () => {
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('  Not the right ad  ');
    const reason = { variant: 'noImage', title: 'Rejection Reason', descriptiveText: true } as const;
    expect(askNatively(reason)).toEqual({ confirmed: true, text: 'Not the right ad' });
    prompt.mockReturnValue('   ');
    expect(askNatively(reason)).toEqual({ confirmed: false });
    prompt.mockReturnValue(null);
    expect(askNatively(reason)).toEqual({ confirmed: false });
  });
});
