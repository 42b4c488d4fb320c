/**
 * /user/about — the running version and where the source code lives, when the deployment says: without
 * VITE_SOURCE_CODE_URL there is no link, rather than one to a project this deployment does not run. A build made with
 * VITE_BUILD_ID set (a deployment's commit, say) also names that build, so a person can tell which one an update
 * brought.
 */
import { Page } from '../../app/Page';
import { APP_VERSION, deploymentLinks } from './links';
import { ExternalLink } from './Settings';

const BUILD_ID: unknown = import.meta.env.VITE_BUILD_ID;

export function AboutScreen() {
  const { sourceCode } = deploymentLinks();
  return (
    <Page title="About" back={{ to: '~/user' }}>
      <section className="about">
        <img src="/sleeve.svg" alt="" width={72} height={72} />
        <p className="about-name">Sleeve</p>
        <p className="about-version">Version {APP_VERSION}</p>
        {typeof BUILD_ID === 'string' && BUILD_ID !== '' && <p className="about-version">Build {BUILD_ID}</p>}
        <p>A personal wallet for your payment cards.</p>
        {sourceCode !== null && <ExternalLink href={sourceCode}>Source code</ExternalLink>}
      </section>
    </Page>
  );
}
