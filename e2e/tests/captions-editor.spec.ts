import { expect, test } from '../support/test';
import { CAPTION_EDITOR_TEXTS, CAPTION_MESSAGES, CAPTION_TRACK_MESSAGES, captionRoutes } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { pageFor, signInBrowser } from '../support/browser';
import { clipFile } from '../support/clips';
import { expectNoHorizontalOverflow } from '../support/payments';
import { listFolder, succeed, uploadDraft } from '../support/videos';
import { axeViolations } from './notifications/helpers';

/**
 * The owner writes a video's captions on its page, on a phone: a caption file with a bad line is named
 * before anything is sent, a pasted transcript becomes captions spread over the video, a caption is
 * corrected in the cue editor, and after a reload the page (and the server) hold the corrected words.
 */

const BAD_SRT = [
  '1',
  '00:00:00,000 --> 00:00:01,000',
  'Hello, my darling.',
  '',
  '2',
  '00:00:01 --> 00:00:02,000',
  'Remember the sea?',
  '',
].join('\n');

test('an owner names a bad caption file, saves a transcript, corrects a caption and finds it after a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signUpUser(request, { first_name: 'Iris' });
  const video = await uploadDraft(request, owner, 'Words for the sea');
  const page = await pageFor(browser, owner, 360);
  await page.goto(`/user/profile/drafts?video=${video.id}`);

  const section = page.getByRole('region', { name: 'Captions' });
  await expect(section).toContainText('This video has no captions yet.');
  await section.getByRole('button', { name: 'Add captions' }).click();
  const language = section.getByLabel('Language');
  await language.fill('en');

  // A file with a bad time line: the line is named at once, and Save sends nothing.
  await section.getByRole('radio', { name: 'Upload a WebVTT or SRT file' }).check();
  await section.getByLabel('WebVTT or SRT file', { exact: true }).setInputFiles({
    name: 'words.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(BAD_SRT),
  });
  await expect(section.getByText(`Line 6: ${CAPTION_MESSAGES.badTiming}`)).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // A pasted transcript instead: one caption per sentence, spread over the video's length.
  await section.getByRole('radio', { name: 'Type or paste a transcript' }).check();
  await section.getByRole('textbox', { name: 'Transcript' }).fill('Hello, my darling. Remember the sea?');
  expect(await axeViolations(page, 'section.captions-panel')).toEqual([]);
  await section.getByRole('button', { name: 'Save captions' }).click();
  const saved = page.getByRole('dialog', { name: CAPTION_TRACK_MESSAGES.saved });
  await saved.getByRole('button', { name: 'Ok' }).click();
  await expect(section).toContainText('English (en)');
  await expect(section).toContainText('2 captions');
  await expect(section).toContainText('Written by you');

  // The first caption corrected in the cue editor, beside the video's preview, by keyboard.
  await section.getByRole('button', { name: 'Edit the English (en) captions' }).click();
  await expect(section.getByLabel('Preview: Words for the sea')).toBeVisible();
  const first = section.getByRole('group', { name: 'Caption 1' });
  await expect(first.getByLabel('Text')).toHaveValue('Hello, my darling.');
  await first.getByLabel('Text').fill('Hello, my dear.');
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page, 'section.captions-panel')).toEqual([]);
  await section.getByRole('button', { name: 'Save captions' }).press('Enter');
  await page
    .getByRole('dialog', { name: CAPTION_TRACK_MESSAGES.saved })
    .getByRole('button', { name: 'Ok' })
    .click();

  await page.reload();
  await expect(section).toContainText('2 captions');
  await section.getByRole('button', { name: 'Edit the English (en) captions' }).click();
  await expect(section.getByRole('group', { name: 'Caption 1' }).getByLabel('Text')).toHaveValue(
    'Hello, my dear.',
  );
  await expect(section.getByRole('group', { name: 'Caption 2' }).getByLabel('Text')).toHaveValue(
    'Remember the sea?',
  );
  await expectNoHorizontalOverflow(page);

  // What the page shows is what the server keeps.
  const tracks = await succeed(request, captionRoutes.list, { params: { id: video.id }, token: owner.token });
  expect(tracks.data.map((track) => track.cues.map((cue) => cue.text))).toEqual([
    ['Hello, my dear.', 'Remember the sea?'],
  ]);
});

test("a transcript given in the upload's details step becomes the new video's captions", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signUpUser(request, { first_name: 'Hazel' });
  await signInBrowser(page, owner);
  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([clipFile({ name: 'words.mp4', seconds: 2 })]);
  await expect(page.getByTestId('clip-card')).toHaveCount(1);

  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Save Video?' })
    .getByRole('button', { name: 'Yes', exact: true })
    .click();
  const folder = page.getByRole('dialog', { name: 'Change Folder' });
  await folder.getByLabel('Save the video in').selectOption({ label: 'Drafts' });
  await folder.getByRole('button', { name: 'Next' }).click();
  const title = page.getByRole('dialog', { name: 'Title' });
  await title.getByPlaceholder('Title of your video').fill('Words with captions');
  await title.getByRole('button', { name: 'Next' }).click();

  const details = page.getByRole('dialog', { name: 'Description' });
  await details.getByPlaceholder('Enter description of Your Video').fill('For the family');
  await details.getByLabel('Language').fill('fr');
  await details.getByRole('textbox', { name: 'Transcript' }).fill('Bonjour. À bientôt.');
  await details.getByRole('button', { name: 'Upload', exact: true }).click();
  const saved = page.getByRole('dialog', { name: 'Video Saved' });
  await expect(saved).toBeVisible({ timeout: 120_000 });
  await expect(saved).not.toContainText(CAPTION_EDITOR_TEXTS.uploadNotSaved);
  await saved.getByRole('button', { name: 'Ok' }).click();

  const [video] = await listFolder(request, owner, 'draft');
  const tracks = await succeed(request, captionRoutes.list, {
    params: { id: video!.id },
    token: owner.token,
  });
  expect(tracks.data.map((track) => [track.language, track.cues.map((cue) => cue.text)])).toEqual([
    ['fr', ['Bonjour.', 'À bientôt.']],
  ]);
});
