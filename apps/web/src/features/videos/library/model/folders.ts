import { FOLDER_ROUTES } from '@/lib/videos';
import { videoFolderLabels, type VideoFolder, INVALID_OPTION } from '@pw/contracts';

/**
 * The folder-move rules of docs/product.md §13.5, as the server enforces them (docs/product.md §3.1):
 * from My Parting Words or Drafts a video goes to the scheduled folder; from the scheduled folder to
 * Drafts or My Parting Words, after confirming that it will not be sent. Moving into the scheduled
 * folder asks for an e-mail, a date and a time. The contract also lists the folder a video is already in;
 * that "move" changes nothing, so it is not offered.
 */
export const FOLDERS: readonly VideoFolder[] = ['final', 'scheduled', 'draft'];

export { FOLDER_ROUTES } from '@/lib/videos';

export function folderFromRoute(route: string | null | undefined): VideoFolder | null {
  const match = FOLDERS.find((folder) => FOLDER_ROUTES[folder] === route);
  return match ?? null;
}

const TARGETS: Record<VideoFolder, readonly VideoFolder[]> = {
  final: ['scheduled'],
  draft: ['scheduled'],
  scheduled: ['draft', 'final'],
};

export interface FolderOption {
  value: VideoFolder;
  label: string;
}

/** The choices of the Change Folder dialog for a video in `from`. */
export function moveOptions(from: VideoFolder): FolderOption[] {
  return TARGETS[from].map((value) => ({ value, label: videoFolderLabels[value] }));
}

export type MoveStep = 'confirm-unschedule' | 'schedule-form' | 'submit';

/**
 * What the Change Folder flow asks, in order, before it sends the move. Leaving the scheduled folder
 * asks to confirm that the video will NOT be sent only while a delivery is still to come
 * (`deliveryPending`): a delivered video is moved without a warning about what cannot happen.
 */
export function moveSteps(
  from: VideoFolder,
  to: VideoFolder,
  deliveryPending = from === 'scheduled',
): MoveStep[] {
  if (!TARGETS[from].includes(to)) throw new Error(`A video cannot move from ${from} to ${to}.`);
  const steps: MoveStep[] = [];
  if (from === 'scheduled' && deliveryPending) steps.push('confirm-unschedule');
  if (to === 'scheduled') steps.push('schedule-form');
  steps.push('submit');
  return steps;
}

/** docs/product.md §13.6: the folder select must hold one of the offered options. */
export function validateFolderChoice(from: VideoFolder, choice: string): string | null {
  return TARGETS[from].some((target) => target === choice) ? null : INVALID_OPTION;
}

/** Only a scheduled video has a delivery time to change (docs/product.md §13.5 "Change time"). */
export function canChangeTime(folder: VideoFolder): boolean {
  return folder === 'scheduled';
}

/** The docs/product.md §13.5 success text of a move that does not schedule. */
export function transferredMessage(to: VideoFolder): string {
  return `The video has been successfully transferred to ${videoFolderLabels[to]}.`;
}
