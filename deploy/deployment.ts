/**
 * What `npm run deploy` does for a project, decided before anything is built: which project, the firebase.json for
 * it, and the Firebase CLI's arguments. A deployment is refused, with the reason and the remedy, when the settings
 * could not make a build that works in that project.
 */
import type { RemoteEnv } from '../src/remote/settings.ts';
import {
  EMULATOR_SWITCH,
  missingText,
  projectSettingsProblems,
  settingsForBuild,
  usesEmulators,
  WHERE_SETTINGS_GO,
  WHERE_TO_CORRECT,
} from './build-settings.ts';
import { type FirebaseConfig, firebaseConfig } from './firebase-config.ts';

/** Written beside firebase.json for the Firebase CLI (paths in it are relative to its folder), removed afterwards. */
export const DEPLOY_CONFIG_FILE = 'firebase.deploy.json';

export class DeployRefusal extends Error {}
DeployRefusal.prototype.name = 'DeployRefusal';

export interface Deployment {
  projectId: string;
  config: FirebaseConfig;
  /** `firebase` CLI arguments: hosting and the database rules in one deployment. */
  cliArgs: string[];
}

export function deploymentFor(env: RemoteEnv): Deployment {
  if (usesEmulators(env)) {
    throw new DeployRefusal(
      `${EMULATOR_SWITCH}=true makes a build for the local backend, which cannot work in a Firebase project. ` +
        `Remove it from the shell and from the .env files to deploy.`,
    );
  }
  const { missing, wrong } = projectSettingsProblems(env);
  if (missing.includes('VITE_FIREBASE_PROJECT_ID')) {
    throw new DeployRefusal(
      [
        'There is no Firebase project to deploy to: VITE_FIREBASE_PROJECT_ID is not set.',
        `A deployment needs your web app's settings, ${missingText(missing)}`,
        WHERE_SETTINGS_GO,
      ].join('\n'),
    );
  }
  if (missing.length > 0) {
    throw new DeployRefusal(
      [`A deployment needs your web app's settings, ${missingText(missing)}`, WHERE_SETTINGS_GO].join('\n'),
    );
  }
  if (wrong.length > 0) throw new DeployRefusal([...wrong, WHERE_TO_CORRECT].join('\n'));
  const settings = settingsForBuild(env);
  const projectId = settings.options.projectId;
  return {
    projectId,
    config: firebaseConfig(settings),
    cliArgs: ['deploy', '--only', 'hosting,database', '--project', projectId, '--config', DEPLOY_CONFIG_FILE],
  };
}
