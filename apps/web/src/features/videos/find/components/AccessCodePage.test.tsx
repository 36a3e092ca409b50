import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  NOT_YET_RELEASED_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
  videoRoutes,
  legacyRoutes,
  routeUrl,
} from '@pw/contracts';
import { renderAtRoute, renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { videoFixture } from '@/test/video-fixture';
import { AccessCodePage, AccessCodeVideoPage } from './AccessCodePage';
import { REPORT_WAITING_TEXT } from './NotYetReleased';

const CODE = 'SEALED42';
const LOOKUP = routeKey(videoRoutes.byAccessCode, { code: CODE });
const REPORT = routeKey(legacyRoutes.reportByCode, { code: CODE });

function sealedServer(
  state: 'sealed' | 'waiting',
  report: Handler = () => ({ body: { message: REPORT_RECEIVED_MESSAGE, data: { state: 'waiting' } } }),
) {
  return fakeApi({
    [LOOKUP]: () => ({ status: 423, body: { message: NOT_YET_RELEASED_MESSAGE, data: { state } } }),
    [REPORT]: report,
  });
}

async function lookUp(code = CODE) {
  const user = userEvent.setup();
  renderAtRoute('/user/access-code', <AccessCodePage />, '/user/access-code');
  await user.type(screen.getByLabelText('Video access code'), code);
  await user.keyboard('{Enter}');
  return user;
}

describe('access code before release', () => {
  it("shows the server's not-yet-released notice, not an error, with 'Report a passing'", async () => {
    sealedServer('sealed');
    await lookUp();
    expect(await screen.findByText(NOT_YET_RELEASED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Unable to find video')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Video access code')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(REPORT_WAITING_TEXT)).not.toBeInTheDocument();
    // The form is there at once: 'Send the report' is the one thing it asks before a report goes.
    expect(screen.getByRole('form', { name: 'Report a passing' })).toBeVisible();
    expect(screen.getAllByRole('button').map((button) => button.textContent?.trim())).toEqual([
      'Find',
      'Send the report',
    ]);
  });

  it('says a report already waits when the state is waiting', async () => {
    sealedServer('waiting');
    await lookUp();
    expect(await screen.findByText(REPORT_WAITING_TEXT)).toBeInTheDocument();
  });

  it('reports with the entered code, relation and note, by keyboard, and shows the answer', async () => {
    const server = sealedServer('sealed');
    const user = await lookUp();
    await screen.findByText(NOT_YET_RELEASED_MESSAGE);
    await user.tab(); // from the code box to Find
    await user.tab();
    // The form follows the notice: its first field is next.
    expect(screen.getByLabelText(/Your relation to the person who left the message/)).toHaveFocus();
    await user.keyboard('Neighbour');
    await user.tab();
    await user.keyboard('https://example.test/obituary');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText(REPORT_RECEIVED_MESSAGE)).toHaveFocus();
    const sent = server.calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(routeUrl(legacyRoutes.reportByCode, { code: CODE }));
    expect(JSON.parse(sent[0]!.body as string)).toEqual({
      relation: 'Neighbour',
      note: 'https://example.test/obituary',
    });
  });

  it('sends nothing without a relation and says the relation is required', async () => {
    const server = sealedServer('sealed');
    const user = await lookUp();
    await user.click(await screen.findByRole('button', { name: 'Send the report' }));
    expect(screen.getByText('The relation field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Your relation to the person who left the message/)).toHaveFocus();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's error when the report is refused, and keeps the form to correct", async () => {
    sealedServer('sealed', () => ({ status: 403, body: { message: 'You cannot report your own passing.' } }));
    const user = await lookUp();
    await user.type(
      await screen.findByLabelText(/Your relation to the person who left the message/),
      'Myself',
    );
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('You cannot report your own passing.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the report' })).toBeEnabled();
  });

  it('a field error of the report shows beside its field', async () => {
    sealedServer('sealed', () => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { note: ['The note is too long.'] } },
    }));
    const user = await lookUp();
    await user.type(await screen.findByLabelText(/Your relation to the person who left the message/), 'Son');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('The note is too long.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Note or obituary link/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('an unknown code still shows the red error, without a report form', async () => {
    fakeApi({
      [LOOKUP]: () => ({ status: 404, body: { message: 'No video found for this code.' } }),
    });
    await lookUp();
    expect(await screen.findByText('No video found for this code.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report a passing' })).not.toBeInTheDocument();
  });

  it('a reloaded video page whose code is sealed again shows the notice, not "Unable to find video"', async () => {
    sealedServer('waiting');
    renderWithApp(
      <Routes>
        <Route path="/user/access-code/video" element={<AccessCodeVideoPage />} />
      </Routes>,
      {
        route: '/user/access-code/video',
        state: { video: videoFixture(9, 'final', { title: 'Last words', access_code: null }), code: CODE },
      },
    );
    expect(await screen.findByText(NOT_YET_RELEASED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(REPORT_WAITING_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Unable to find video')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Last words' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Report a passing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter another code' })).toHaveAttribute(
      'href',
      '/user/access-code',
    );
  });
});
