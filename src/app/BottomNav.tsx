/**
 * The three tabs (SPEC.md §2). The current tab is marked for assistive technology as well as by colour: the tab the
 * person chose, at once, while its screen may still be on its way (src/app/unlocked-address.ts).
 */
import { Link } from 'wouter';
import { AddCardIcon, HomeIcon, PersonIcon } from '../components/Icons';
import { useChosenAddress } from './unlocked-address';

const TABS = [
  { to: '/home', label: 'Home', icon: <HomeIcon /> },
  { to: '/add', label: 'Add Card', icon: <AddCardIcon /> },
  { to: '/user', label: 'You', icon: <PersonIcon /> },
] as const;

export function BottomNav() {
  const location = useChosenAddress();
  return (
    <nav className="bottom-nav" aria-label="Main">
      {TABS.map((tab) => {
        const current = location === tab.to || location.startsWith(`${tab.to}/`);
        return (
          <Link key={tab.to} href={tab.to} className="bottom-nav-tab" aria-current={current ? 'page' : undefined}>
            <span className="bottom-nav-icon" aria-hidden="true">
              {tab.icon}
            </span>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
