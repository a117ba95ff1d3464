import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite is single-process: one process at a time may open the embedded database in a data
 * folder. The holder writes its pid to DATA_DIR/embedded-db.lock; a lock whose pid is dead is
 * taken over.
 */
export const LOCK_FILE = 'embedded-db.lock';

export type LockRole = 'api' | 'cli';

interface LockContent {
  pid: number;
  role: LockRole;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly holder: LockContent,
    displayDir: string,
  ) {
    super(
      holder.role === 'api'
        ? `The API (pid ${holder.pid}) holds the embedded database in ${displayDir} and did not ` +
            'answer this command on its operator socket (it may still be starting): try again in a moment.'
        : `An operator CLI command (pid ${holder.pid}) is using the embedded database in ` +
            `${displayDir}: wait for it to finish, or point both at PostgreSQL with DATABASE_URL.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(file: string): Promise<LockContent | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : null;
  } catch {
    return null;
  }
}

/** The live process holding a data folder's embedded database, if any. */
export async function lockHolder(dataDir: string): Promise<LockContent | null> {
  const holder = await readLock(path.join(dataDir, LOCK_FILE));
  return holder && isAlive(holder.pid) ? holder : null;
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Takes the data folder's lock or throws DataDirLockedError naming the process that holds it. */
export async function lockDataDir(
  dataDir: string,
  role: LockRole,
  displayDir = dataDir,
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const content: LockContent = { pid: process.pid, role, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify(content));
      await handle.close();
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          const current = await readLock(file);
          if (current?.pid === process.pid) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readLock(file);
    if (holder && isAlive(holder.pid)) throw new DataDirLockedError(holder, displayDir);
    // A dead holder (or an unreadable, half-written file): take it over.
    await rm(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}: another process keeps taking it`);
}
