/** Small inline SVG icons. Decorative: the control that holds one carries the accessible name. */
import type { ReactNode } from 'react';

export function Icon({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const CopyIcon = () => (
  <Icon name="copy">
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon name="check">
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);

export const ChevronIcon = () => (
  <Icon name="chevron">
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

export const ExternalIcon = () => (
  <Icon name="external">
    <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </Icon>
);

export const HomeIcon = () => (
  <Icon name="home">
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
  </Icon>
);

export const AddCardIcon = () => (
  <Icon name="add-card">
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M12 9v6M9 12h6" />
  </Icon>
);

export const PersonIcon = () => (
  <Icon name="person">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </Icon>
);
