/** Building blocks of the settings screens: titled sections of rows that link inward or outward. */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'wouter';
import { ChevronIcon, ExternalIcon } from '../../components/Icons';

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-heading">
        {title}
      </h2>
      <ul className="settings-list">{children}</ul>
    </section>
  );
}

/** A row leading to another screen; `to` is relative to the current nesting. */
export function SettingsLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link href={to} className="settings-row">
        <span>{children}</span>
        <ChevronIcon />
      </Link>
    </li>
  );
}

/** A row leaving the app: a new tab that cannot reach back into this one. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="settings-row">
      <span>{children}</span>
      <ExternalIcon />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function ExternalSettingsLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <ExternalLink href={href}>{children}</ExternalLink>
    </li>
  );
}
