import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the entries (files or whole folders) of `dir` last modified before `before`: what a process
 * killed mid-request or mid-job left behind. Returns the names removed; a missing folder has none.
 */
export async function removeStaleEntries(dir: string, before: Date): Promise<string[]> {
  const names = await fsp.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const removed: string[] = [];
  for (const name of names) {
    const target = path.join(dir, name);
    const info = await fsp.lstat(target).catch(() => null);
    if (!info || info.mtime >= before) continue;
    await fsp.rm(target, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
