/** /user/about — the version and where the source code lives. */
import { Page } from '../../app/Page';
import { APP_VERSION, SOURCE_CODE_URL } from './links';
import { ExternalLink } from './Settings';

export function AboutScreen() {
  return (
    <Page title="About" back={{ to: '~/user' }}>
      <section className="about">
        <img src="/sleeve.svg" alt="" width={72} height={72} />
        <p className="about-name">Sleeve</p>
        <p className="about-version">Version {APP_VERSION}</p>
        <p>A personal wallet for your payment cards.</p>
        <ExternalLink href={SOURCE_CODE_URL}>Source code</ExternalLink>
      </section>
    </Page>
  );
}
