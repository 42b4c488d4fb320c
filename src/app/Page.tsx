/**
 * Every screen's frame: a 3rem header whose background fades in over the first 16 px of scroll and then gains a
 * thin bottom line (SPEC.md §9), an optional back link ('Back' unless told otherwise), a title and actions. Under the
 * title, while offline with an account, what that means (OfflineNotice).
 */
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { knownScrollY } from '../components/scroll-position';
import { OfflineNotice } from './OfflineNotice';

export const HEADER_FADE_PX = 16;

export interface PageProps {
  title: string;
  /** Where the back link goes; a nested path like '/' or an absolute one like '~/user'. */
  back?: { to: string; label?: string };
  /** Header actions on the right, e.g. Edit or Done. */
  actions?: ReactNode;
  children: ReactNode;
}

const fadeAt = (scrollY: number): number => Math.min(scrollY / HEADER_FADE_PX, 1);

/** 0 at the top of the page, 1 once it has scrolled 16 px. */
export function useScrollFade(): number {
  const [fade, setFade] = useState(() => fadeAt(knownScrollY()));
  useEffect(() => {
    const onScroll = () => setFade(fadeAt(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return fade;
}

export function Page({ title, back, actions, children }: PageProps) {
  const fade = useScrollFade();
  return (
    <div className="page">
      <header className="page-header" data-scrolled={fade >= 1 ? 'true' : 'false'}>
        <div className="page-header-backdrop" style={{ opacity: fade }} aria-hidden="true" />
        <div className="page-header-start">
          {back && (
            <Link href={back.to} className="back-link">
              <span aria-hidden="true">‹</span> {back.label ?? 'Back'}
            </Link>
          )}
        </div>
        <div className="page-header-end">{actions}</div>
      </header>
      <main className="page-body">
        <h1 className="page-title">{title}</h1>
        <OfflineNotice />
        {children}
      </main>
    </div>
  );
}
