import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_CANCELLED_MESSAGE, LEGACY_MESSAGES, legacyRoutes } from '@pw/contracts';
import { renderAtRoute } from '@/test/render';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { AliveLinkPage, HERE_BUTTON } from './AliveLinkPage';
import { LINK_GONE_TITLE } from './LinkStates';

const TOKEN = 'a'.repeat(43);
const PAGE = routeKey(legacyRoutes.alivePage, { token: TOKEN });
const ALIVE = routeKey(legacyRoutes.alive, { token: TOKEN });

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
