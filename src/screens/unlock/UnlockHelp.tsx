/**
 * The help page of an unlock screen (the password's or the PIN's): the other way in first, when this device has it,
 * then what can be done about the secret that screen asks for. Each unlock screen has one, at its own /help.
 */
import type { ComponentType, ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link, Redirect, Route, Switch } from 'wouter';
import { Page } from '../../app/Page';
import { appState } from '../../state/store';

const OTHER_WAY = {
  pin: { heading: 'PIN', href: '~/pin/unlock', label: 'Unlock using your PIN' },
  password: { heading: 'Password', href: '~/password/unlock', label: 'Unlock using your password' },
} as const;

export interface UnlockHelpProps {
  /** The other way in, offered first when this device has it. */
  other: keyof typeof OTHER_WAY;
  /** The sections about this screen's own secret. */
  children: ReactNode;
}

export function UnlockHelp({ other, children }: UnlockHelpProps) {
  const { pinCreated, passwordCreated } = useSnapshot(appState);
  const way = OTHER_WAY[other];
  const available = other === 'pin' ? pinCreated : passwordCreated;
  return (
    // Back to the unlock screen, at the root of the nested route both live under.
    <Page title="Help" name="Unlock help" back={{ to: '/' }}>
      {available && (
        <HelpSection heading={way.heading}>
          <Link href={way.href} className="button button-block">
            {way.label}
          </Link>
        </HelpSection>
      )}
      {children}
    </Page>
  );
}

export function HelpSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="settings-section">
      <h2 className="settings-heading">{heading}</h2>
      {children}
    </section>
  );
}

/** An unlock screen and its help, under the screen's address (a nested route); any other address below it goes back. */
export function UnlockRoutes({ screen, help }: { screen: ComponentType; help: ComponentType }) {
  return (
    <Switch>
      <Route path="/" component={screen} />
      <Route path="/help" component={help} />
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
