import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_CANCELLED_MESSAGE, LEGACY_MESSAGES, RESEALED_MESSAGE, legacyRoutes } from '@pw/contracts';
import { RESEAL_BUTTON } from '@/components/legacy/ResealPanel';
import { renderAtRoute } from '@/test/render';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { AliveLinkPage, HERE_BUTTON } from './AliveLinkPage';
import { LINK_GONE_TITLE } from './LinkStates';

const TOKEN = 'a'.repeat(43);
const PAGE = routeKey(legacyRoutes.alivePage, { token: TOKEN });
const ALIVE = routeKey(legacyRoutes.alive, { token: TOKEN });
const RESEAL = routeKey(legacyRoutes.resealByAlive, { token: TOKEN });

function open(handlers: Record<string, Handler>) {
  const server = fakeApi(handlers);
  const user = userEvent.setup();
  renderAtRoute('/legacy/alive/:token', <AliveLinkPage />, `/legacy/alive/${TOKEN}`);
  return { server, user };
}

const posts = (server: ReturnType<typeof fakeApi>) => server.calls.filter((c) => c.method === 'POST');

describe("the owner's alive page (/legacy/alive/:token)", () => {
  it('a report: says someone reported the passing; opening cancels nothing, the button does', async () => {
    const { server, user } = open({
      [PAGE]: () => ({ body: { data: { first_name: 'Margaret', open_report: true, purpose: 'report' } } }),
      [ALIVE]: () => ({ body: { message: REPORT_CANCELLED_MESSAGE } }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Margaret' })).toBeInTheDocument();
    expect(screen.getByText(/^Someone reported your passing/)).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: LEGACY_MESSAGES.aliveButton }));
    expect(await screen.findByText(REPORT_CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LEGACY_MESSAGES.aliveButton })).not.toBeInTheDocument();
    expect(posts(server)).toHaveLength(1);
  });

  it('a waiting report: the page says when the message will be released, not only the e-mail', async () => {
    open({
      [PAGE]: () => ({
        body: {
          data: {
            first_name: 'Margaret',
            open_report: true,
            purpose: 'report',
            release_at: '2026-12-02T10:00:00.000Z',
            released_at: null,
          },
        },
      }),
    });
    expect(await screen.findByText(/will be released on/)).toHaveTextContent(/2 December 2026 at \d\d:\d\d/);
  });

  it('after a release: says plainly what happened, seals again, and lists whom to ask to take it down', async () => {
    const { server, user } = open({
      [PAGE]: () => ({
        body: {
          data: {
            first_name: 'Margaret',
            open_report: false,
            purpose: 'report',
            release_at: null,
            released_at: '2026-11-28T10:00:00.000Z',
          },
        },
      }),
      [RESEAL]: () => ({
        body: {
          message: RESEALED_MESSAGE,
          data: {
            published: [
              {
                home_name: 'Evergreen Chapel',
                email: 'care@evergreen.test',
                published_at: '2026-11-28T12:00:00.000Z',
              },
            ],
            withdrawn: 1,
          },
        },
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Your final message has been released' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/was released on 28 November 2026 at \d\d:\d\d/)).toBeInTheDocument();
    expect(screen.queryByText(LINK_GONE_TITLE)).not.toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: RESEAL_BUTTON }));
    expect(await screen.findByText(RESEALED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'care@evergreen.test' })).toHaveAttribute(
      'href',
      'mailto:care@evergreen.test',
    );
    expect(screen.getByText('Evergreen Chapel')).toBeInTheDocument();
    expect(posts(server).map((c) => c.path)).toEqual([expect.stringMatching(/\/reseal$/)]);
  });

  it("a check-in: 'I'm here' posts and shows the server's answer", async () => {
    const { server, user } = open({
      [PAGE]: () => ({ body: { data: { first_name: 'Margaret', open_report: false, purpose: 'check-in' } } }),
      [ALIVE]: () => ({ body: { message: 'Thank you. We are glad you are here.' } }),
    });
    await screen.findByRole('heading', { name: 'Hello Margaret' });
    expect(screen.queryByText(/Someone reported your passing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LEGACY_MESSAGES.aliveButton })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: HERE_BUTTON }));
    expect(await screen.findByText('Thank you. We are glad you are here.')).toBeInTheDocument();
    expect(posts(server)).toHaveLength(1);
  });

  it("the button's failure shows the server's message and keeps the button", async () => {
    const { user } = open({
      [PAGE]: () => ({ body: { data: { first_name: 'Margaret', open_report: true, purpose: 'report' } } }),
      [ALIVE]: () => ({ status: 404, body: { message: 'This link is no longer valid.' } }),
    });
    await user.click(await screen.findByRole('button', { name: LEGACY_MESSAGES.aliveButton }));
    expect(await screen.findByText('This link is no longer valid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LEGACY_MESSAGES.aliveButton })).toBeEnabled();
  });

  it('an ended or unknown link shows that it is no longer valid', async () => {
    open({ [PAGE]: () => ({ status: 404, body: { message: 'This link is no longer valid.' } }) });
    expect(await screen.findByRole('heading', { name: LINK_GONE_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
  });
});
