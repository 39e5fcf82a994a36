import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory; a second one would corrupt it. The process that
 * opens the directory writes its pid here, and any other process refuses to start while it lives.
 */
export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by process ${pid}. Stop that process first, ` +
        'or use the services profile (DATABASE_URL) to run several processes.',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'afterwards.pid');
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dataDir, pid);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}
