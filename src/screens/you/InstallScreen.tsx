/**
 * /user/install — how to add Sleeve to the home screen or dock, for browsers that cannot be asked from the page
 * (Safari, Firefox) or after a dismissed prompt. Every browser's way is shown; the one this browser likely is comes
 * first (src/domain/install-guide.ts).
 */
import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { guideOrder, type InstallGuide } from '../../domain/install-guide';
import { installState } from '../../state/install';
import { INSTALLED_TEXT } from './DownloadAppRow';

const GUIDES: Record<InstallGuide, { title: string; steps: string[] }> = {
  'safari-ios': {
    title: 'Safari on iPhone or iPad',
    steps: ['Tap the Share button (a square with an arrow pointing up).', "Choose 'Add to Home Screen', then Add."],
  },
  'safari-mac': {
    title: 'Safari on Mac',
    steps: ["In the menu bar, choose File, then 'Add to Dock' (macOS Sonoma or later)."],
  },
  chromium: {
    title: 'Chrome or Edge',
    steps: [
      "On a computer, select the install icon at the right of the address bar, or open the browser's menu and choose 'Install Sleeve' (in Edge, under Apps).",
      "On Android, open the menu and choose 'Install app' or 'Add to Home screen'.",
    ],
  },
  firefox: {
    title: 'Firefox',
    steps: [
      "On Android, open Firefox's menu and choose 'Install'.",
      'Firefox on a computer does not install web apps: bookmark Sleeve to come back to it.',
    ],
  },
};

export function InstallScreen() {
  const { installed } = useSnapshot(installState);
  return (
    // Titled 'Install — Sleeve' in the browser, not 'Install Sleeve — Sleeve'.
    <Page title="Install Sleeve" name="Install" back={{ to: '~/user' }}>
      <div className="install-guides">
        <p>
          {installed
            ? `${INSTALLED_TEXT}.`
            : 'Add Sleeve to your home screen or dock to open it like an app, with or without a connection.'}
        </p>
        {guideOrder(navigator.userAgent).map((guide) => (
          <section key={guide} className="intro" aria-labelledby={`install-${guide}`}>
            <h2 id={`install-${guide}`} className="install-guide-title">
              {GUIDES[guide].title}
            </h2>
            <ul className="install-steps">
              {GUIDES[guide].steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  );
}
