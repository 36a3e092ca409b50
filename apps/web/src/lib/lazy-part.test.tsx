import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyPart } from './lazy-part';

/** A loader that fails (as a fetch of the chunk would offline) until `online` is set. */
function flakyLoader() {
  const state = { online: false, calls: 0 };
  const load = vi.fn(async () => {
    state.calls += 1;
    if (!state.online) throw new TypeError('Failed to fetch dynamically imported module: /assets/Part.js');
    return { default: ({ name }: { name: string }) => <p>Hello {name}</p> };
  });
  return { state, load };
}

describe('lazyPart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the page when the part cannot load, and loads it once the browser is back online', async () => {
    // React reports the error its boundary caught on the console: that is when the part has failed.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { state, load } = flakyLoader();
    const Part = lazyPart(load, { loading: <span>placeholder</span> });
    render(
      <main>
        <h1>The page</h1>
        <Part name="Pat" />
      </main>,
    );
    await vi.waitFor(() => expect(reported).toHaveBeenCalled());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.getByText('placeholder')).toBeInTheDocument();

    state.online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello Pat')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(state.calls).toBe(2);
  });

  it('tries again when shown anew', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { state, load } = flakyLoader();
    const Part = lazyPart(load);
    const view = render(<Part key="1" name="Pat" />);
    await vi.waitFor(() => expect(reported).toHaveBeenCalled());
    expect(view.container).toBeEmptyDOMElement();

    state.online = true;
    view.rerender(<Part key="2" name="Lee" />);
    expect(await screen.findByText('Hello Lee')).toBeInTheDocument();
    expect(state.calls).toBe(2);
  });

  it('loads a part once for every instance after it has loaded', async () => {
    const { state, load } = flakyLoader();
    state.online = true;
    const Part = lazyPart(load);
    const view = render(<Part key="1" name="Pat" />);
    expect(await screen.findByText('Hello Pat')).toBeInTheDocument();
    view.rerender(<Part key="2" name="Lee" />);
    expect(screen.getByText('Hello Lee')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
