import { describe, expect, it } from 'vitest';
import {
  canChangeTime,
  folderFromRoute,
  FOLDER_ROUTES,
  moveOptions,
  moveSteps,
  transferredMessage,
  validateFolderChoice,
} from './folders';

describe('folder move options', () => {
  it('offers the spec folders, never the one the video is already in', () => {
    expect(moveOptions('final').map((option) => option.value)).toEqual(['scheduled']);
    expect(moveOptions('draft').map((option) => option.value)).toEqual(['scheduled']);
    expect(moveOptions('scheduled').map((option) => option.value)).toEqual(['draft', 'final']);
  });

  it('labels the folders as the product names them', () => {
    expect(moveOptions('scheduled')).toEqual([
      { value: 'draft', label: 'Drafts' },
      { value: 'final', label: 'My Parting Words' },
    ]);
    expect(moveOptions('draft')).toEqual([{ value: 'scheduled', label: 'Scheduled folder' }]);
  });

  it('asks for e-mail, date and time before a move into the scheduled folder', () => {
    expect(moveSteps('draft', 'scheduled')).toEqual(['schedule-form', 'submit']);
    expect(moveSteps('final', 'scheduled')).toEqual(['schedule-form', 'submit']);
  });

  it('confirms that the video will not be sent before it leaves the scheduled folder', () => {
    expect(moveSteps('scheduled', 'draft')).toEqual(['confirm-unschedule', 'submit']);
    expect(moveSteps('scheduled', 'final')).toEqual(['confirm-unschedule', 'submit']);
  });

  it('moves a video whose delivery was already made (or can no longer be made) without that warning', () => {
    expect(moveSteps('scheduled', 'draft', false)).toEqual(['submit']);
    expect(moveSteps('scheduled', 'final', false)).toEqual(['submit']);
  });

  it('refuses moves the spec does not offer, and no-op moves', () => {
    expect(() => moveSteps('draft', 'final')).toThrow();
    expect(() => moveSteps('final', 'draft')).toThrow();
    expect(() => moveSteps('draft', 'draft')).toThrow();
    expect(() => moveSteps('final', 'final')).toThrow();
    expect(() => moveSteps('scheduled', 'scheduled')).toThrow();
  });

  it("says 'Please select a valid option.' when the choice is empty or not offered", () => {
    expect(validateFolderChoice('draft', '')).toBe('Please select a valid option.');
    expect(validateFolderChoice('draft', 'draft')).toBe('Please select a valid option.');
    expect(validateFolderChoice('draft', 'final')).toBe('Please select a valid option.');
    expect(validateFolderChoice('draft', 'scheduled')).toBeNull();
    expect(validateFolderChoice('scheduled', 'final')).toBeNull();
  });

  it('offers Change time for scheduled videos only', () => {
    expect(canChangeTime('scheduled')).toBe(true);
    expect(canChangeTime('draft')).toBe(false);
    expect(canChangeTime('final')).toBe(false);
  });

  it('maps folders to the spec routes and back', () => {
    expect(FOLDER_ROUTES).toEqual({ final: 'final', scheduled: 'scheduled', draft: 'drafts' });
    expect(folderFromRoute('drafts')).toBe('draft');
    expect(folderFromRoute('draft')).toBeNull();
    expect(folderFromRoute(undefined)).toBeNull();
  });

  it('names the target folder in the transfer message', () => {
    expect(transferredMessage('final')).toBe(
      'The video has been successfully transferred to My Parting Words.',
    );
  });
});
