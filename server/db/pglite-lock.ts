// One process per PGlite folder. PGlite takes no lock of its own, and two processes writing one folder can
// ruin it (a second server started by mistake, `npm run backup` while the shop starts or closes). Opening a
// folder creates `<folder>.lock` beside it, holding the process's pid, and closing it removes the file; a
// folder whose lock names a live process is refused. A lock left by a crash names a dead process and is taken
// over.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

export const LOCK_MESSAGES = {
  held: (dir: string, pid: number) =>
    `База данных в ${dir} открыта процессом ${pid}: одну папку PGlite может держать только один процесс (сервер магазина уже запущен, запускается или останавливается?)`,
} as const;

/** Is the process alive? EPERM: it is, but another user's. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder for this process; resolves to what gives it back. Throws when a live process holds it. */
export function lockFolder(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid))
        throw new Error(LOCK_MESSAGES.held(dir, pid), { cause: err });
      rmSync(file, { force: true }); // a crash's: its process is gone
    }
  }
}
