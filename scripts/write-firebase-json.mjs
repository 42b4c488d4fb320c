// Writes firebase.json from deploy/firebase-config.ts: run it after changing a header, the policy or the rewrite
// (tests/deploy checks that the committed file is current).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { module } = await runnerImport(join(ROOT, 'deploy/firebase-config.ts'), {
  configFile: false,
  root: ROOT,
  logLevel: 'error',
});
const { committedFirebaseConfig } = /** @type {typeof import('../deploy/firebase-config.ts')} */ (module);
writeFileSync(join(ROOT, 'firebase.json'), `${JSON.stringify(committedFirebaseConfig(), null, 2)}\n`);
// In the repository's own format, so the linter's check passes.
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
execFileSync(process.execPath, [biome, 'format', '--write', 'firebase.json'], { cwd: ROOT, stdio: 'ignore' });
console.log('firebase.json written.');
