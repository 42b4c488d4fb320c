// `npm run deploy`: builds Sleeve with the Firebase project's settings (.env.local, see docs/deploy.md, "Deploy") and
// deploys the hosting and the database rules together, so the rules and the app never drift apart. Needs
// `npx firebase login` (or CI credentials) and a project. Refuses, before building anything, settings that could not
// work in a project.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadEnv, runnerImport } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** @returns {Promise<typeof import('../deploy/deployment.ts')>} */
async function loadDeployment() {
  const { module } = await runnerImport(join(ROOT, 'deploy/deployment.ts'), {
    configFile: false,
    root: ROOT,
    logLevel: 'error',
  });
  return /** @type {typeof import('../deploy/deployment.ts')} */ (module);
}

/** The commit being deployed, for About (`VITE_BUILD_ID`), unless one is set already. */
function buildId() {
  if (process.env.VITE_BUILD_ID) return process.env.VITE_BUILD_ID;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

const { DeployRefusal, DEPLOY_CONFIG_FILE, deploymentFor } = await loadDeployment();

// The same settings the build reads: .env, .env.production, their .local files, and VITE_* variables in the shell.
/** @type {ReturnType<typeof deploymentFor>} */
let deployment;
try {
  deployment = deploymentFor(loadEnv('production', ROOT, 'VITE_'));
} catch (error) {
  if (!(error instanceof DeployRefusal)) throw error;
  console.error(`Nothing was deployed.\n${error.message}`);
  process.exit(1);
}

console.log(`Building Sleeve for the Firebase project "${deployment.projectId}"…`);
process.env.NODE_ENV = 'production';
const id = buildId();
if (id) process.env.VITE_BUILD_ID = id;
await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });

const configPath = join(ROOT, DEPLOY_CONFIG_FILE);
writeFileSync(configPath, `${JSON.stringify(deployment.config, null, 2)}\n`);
console.log(`Deploying the hosting and the database rules to "${deployment.projectId}"…`);
const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
const firebase = spawn(process.execPath, [cli, ...deployment.cliArgs], { cwd: ROOT, stdio: 'inherit' });
firebase.once('exit', (code, signal) => {
  rmSync(configPath, { force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
