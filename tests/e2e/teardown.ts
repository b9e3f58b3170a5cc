// Removes the temporary database folder of the end-to-end run.
import { rmSync } from 'node:fs';

export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('shop-e2e-')) rmSync(dir, { recursive: true, force: true });
}
