import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { EditListStore } from '@/lib/edit-list/edit-list-store';
import { memoryFileStore } from '@/lib/edit-list/file-store';
import { ChooseSource } from './ChooseSource';

const store = () =>
  new EditListStore({
    storage: localStorage,
    files: memoryFileStore(),
    urls: { create: () => 'blob:test', revoke: () => undefined },
    newId: () => crypto.randomUUID(),
  });
const mp4Head = new Uint8Array([0, 0, 0, 0x18, ...[...'ftypmp42'].map((c) => c.charCodeAt(0))]);

describe('choosing files: a non-video is refused when picked', () => {
  it("a document named .mp4 opens 'Only Video File Allowed!' naming it and never enters the list", async () => {
    localStorage.clear();
    const list = store();
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<ChooseSource store={list} />, { route: '/user/video/upload' });
    await user.upload(screen.getByTestId('choose-files-input'), [
      new File(['Dear all, the minutes of the meeting'], 'minutes.mp4', { type: 'video/mp4' }),
      new File([mp4Head], 'goodbye.mp4', { type: 'video/mp4' }),
    ]);
    const refused = await screen.findByRole('dialog', { name: 'File Error' });
    expect(refused).toHaveTextContent('Only Video File Allowed!');
    expect(refused).toHaveTextContent('Not added: minutes.mp4');
    await user.click(within(refused).getByRole('button', { name: 'Ok' }));
    expect(list.snapshot().map((item) => item.name)).toEqual(['goodbye.mp4']);
  });
});
