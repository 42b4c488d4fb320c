/**
 * You → 'Download app'. With the deployment's Android app, a link to its file for this version. Without one, Sleeve
 * itself: the browser's own install prompt where it offered one, the how-to screen where it cannot be prompted
 * (Safari, Firefox, or after a dismissed prompt), and a plain line once Sleeve is installed.
 */
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { installState, promptInstall } from '../../state/install';
import { reportError } from '../../state/report';
import { ExternalSettingsLink, SettingsLink } from './Settings';

export const INSTALLED_TEXT = 'Sleeve is installed on this device';

export function DownloadAppRow({ androidApp }: { androidApp: string | null }) {
  const install = useSnapshot(installState);
  const [, navigate] = useLocation();
  if (androidApp !== null) return <ExternalSettingsLink href={androidApp}>Download app</ExternalSettingsLink>;
  if (install.installed) {
    // The same live list item as the button's below, so pressing it and accepting is announced where focus was.
    return (
      <li aria-live="polite">
        <p className="settings-row settings-note">{INSTALLED_TEXT}</p>
      </li>
    );
  }
  if (!install.canPrompt) return <SettingsLink to="/install">Download app</SettingsLink>;
  const ask = () => {
    promptInstall()
      .then((outcome) => {
        if (outcome === 'unavailable') navigate('/install');
      })
      .catch(reportError);
  };
  return (
    <li aria-live="polite">
      <button type="button" className="settings-row" onClick={ask}>
        <span>Download app</span>
      </button>
    </li>
  );
}
