// A vitest reporter for `npm run test:times`: each test file's own time (its environment, imports, hooks and
// tests, as vitest's diagnostic counts them) written as JSON to the file named by TEST_TIMES_OUT; a failed test
// and an error outside any test are named on stderr, since the run's own output is not shown.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export default class FileTimes implements Reporter {
  private readonly files: Record<string, number> = {};

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files[path.relative(process.cwd(), module.moduleId)] = ms / 1000;
    for (const test of module.children.allTests('failed'))
      console.error(
        `!! failed: ${test.fullName}\n${
          test
            .result()
            .errors?.map((e) => e.stack ?? e.message)
            .join('\n') ?? ''
        }`,
      );
  }

  onTestRunEnd(_modules: readonly TestModule[], unhandled: readonly SerializedError[]): void {
    for (const e of unhandled) console.error(`!! an error outside any test: ${e.stack ?? e.message}`);
    const out = process.env.TEST_TIMES_OUT;
    if (out) writeFileSync(out, JSON.stringify(this.files));
  }
}
