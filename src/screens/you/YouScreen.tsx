/** /user — the settings index (SPEC.md §2). */
import { Page } from '../../app/Page';
import { DownloadAppRow } from './DownloadAppRow';
import { deploymentLinks } from './links';
import { SettingsLink, SettingsSection } from './Settings';

export function YouScreen() {
  return (
    <Page title="You">
      <SettingsSection title="User Profile">
        <SettingsLink to="/account">Account</SettingsLink>
      </SettingsSection>
      <SettingsSection title="App settings">
        <SettingsLink to="/security">Security</SettingsLink>
        <SettingsLink to="/interface">User Interface</SettingsLink>
      </SettingsSection>
      <SettingsSection title="Data">
        <SettingsLink to="/data-management">Data Management</SettingsLink>
      </SettingsSection>
      <SettingsSection title="App info">
        <DownloadAppRow androidApp={deploymentLinks().androidApp} />
        <SettingsLink to="/about">About</SettingsLink>
      </SettingsSection>
    </Page>
  );
}
