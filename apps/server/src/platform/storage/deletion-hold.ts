/**
 * While a live backup copies the stored objects (inside the server that owns the embedded database), the
 * server's deletions of objects wait: the backup's database copy, taken first, may still name an object
 * the server deletes a moment later (a converted video's source clips), and a backup that restores a row
 * without its file has lost it. The record of the object is forgotten at once (the database copy is
 * already taken); only removing the bytes waits, and happens when the last hold is released. A process
 * that dies meanwhile leaves those files behind, unrecorded: space, never a loss.
 *
 * In-process only: with PostgreSQL the backup runs beside the servers, and an object they delete during
 * its copy is left out of it (docs/operations.md, Backup and restore).
 */
export interface DeletionHold {
  /** Holds deletions until the answer is called (it then runs the ones that waited). */
  hold(): () => Promise<void>;
  /** Runs `remove` now, or when the last hold is released. */
  remove(remove: () => Promise<void>): Promise<void>;
}

export function createDeletionHold(): DeletionHold {
  let holders = 0;
  let waiting: Array<() => Promise<void>> = [];
  return {
    hold() {
      holders += 1;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders > 0) return;
        const due = waiting;
        waiting = [];
        for (const remove of due) await remove().catch(() => {});
      };
    },
    async remove(remove) {
      if (holders > 0) waiting.push(remove);
      else await remove();
    },
  };
}

/** This process's hold: the server's storage removes through it, its live backup holds it. */
export const objectDeletions = createDeletionHold();
