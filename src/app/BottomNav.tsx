/** The three tabs (SPEC.md §2). The current tab is marked for assistive technology as well as by colour. */
import { Link, useLocation } from 'wouter';
import { AddCardIcon, HomeIcon, PersonIcon } from '../components/Icons';

const TABS = [
  { to: '/home', label: 'Home', icon: <HomeIcon /> },
  { to: '/add', label: 'Add Card', icon: <AddCardIcon /> },
  { to: '/user', label: 'You', icon: <PersonIcon /> },
] as const;

export function BottomNav() {
  const [location] = useLocation();
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
