// `npm run typecheck`: every TypeScript project (docs/architecture.md), two at a time, so the app's project (the
// longest) runs beside the others rather than before them. Each project's errors are printed whole, after it ends.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = [
  'tsconfig.app.json',
  'tsconfig.node.json',
  'tsconfig.worker.json',
  'tsconfig.scan-worker.json',
  'tsconfig.reading-worker.json',
  'tsconfig.strength-worker.json',
  'tsconfig.database-worker.json',
  'tsconfig.worker-tests.json',
];
const AT_ONCE = 2;
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** @param {string} project @returns {Promise<boolean>} whether it checked clean */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = false;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
