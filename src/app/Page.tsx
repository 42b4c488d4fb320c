/**
 * Every screen's frame: a 3rem header whose background fades in over the first 16 px of scroll and then gains a
 * thin bottom line (SPEC.md §9), an optional back link ('Back' unless told otherwise), a title and actions. Under the
 * title, while offline with an account, what that means (OfflineNotice).
 */
import type { ReactNode, RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'wouter';
import { knownScrollY, RETURNING } from '../components/scroll-position';
import { nextTask } from '../domain/next-task';
import { reportError } from '../state/report';
import { OfflineNotice } from './OfflineNotice';
import { announceScreen, documentTitleOf, isLaterScreen } from './screen-title';

export const HEADER_FADE_PX = 16;

export interface PageProps {
  title: string;
  /** The screen's name in the browser's title when the heading says more ('Hey, Ada' is 'Home'); else the title. */
  name?: string;
  /** Where the back link goes; a nested path like '/' or an absolute one like '~/user'. */
  back?: { to: string; label?: string };
  /** Header actions on the right, e.g. Edit or Done. */
  actions?: ReactNode;
  children: ReactNode;
}

const fadeAt = (scrollY: number): number => Math.min(scrollY / HEADER_FADE_PX, 1);

/**
 * Fades the header's backdrop in over the first 16 px of scroll, and marks the header scrolled past that. Written to
 * the page, not rendered: a scroll re-renders nothing, and a screen built as a transition (while the one before was
 * on the page, at that one's offset) starts from its own offset, put in place just before this runs
 * (src/components/scroll-position.ts), with no second render in the task that shows it.
 */
function useHeaderFade(header: RefObject<HTMLElement | null>, backdrop: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const apply = (scrollY: number) => {
      const fade = fadeAt(scrollY);
      header.current?.setAttribute('data-scrolled', fade >= 1 ? 'true' : 'false');
      if (backdrop.current) backdrop.current.style.opacity = String(fade);
    };
    apply(knownScrollY());
    const onScroll = () => apply(window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [header, backdrop]);
}

/**
 * Titles the document after the screen and, on every screen after the first, moves focus to its heading and announces
 * it: a route change otherwise leaves focus on a link that is gone and says nothing. A screen that focuses one of its
 * own fields on arrival (a password prompt) keeps that focus.
 */
function useScreenArrival(name: string, heading: RefObject<HTMLHeadingElement | null>): void {
  // Decided once per screen, so StrictMode's second run of the effect does not count the screen twice.
  const later = useRef<boolean | null>(null);
  useEffect(() => {
    document.title = documentTitleOf(name);
  }, [name]);
  useEffect(() => {
    later.current ??= isLaterScreen();
    if (!later.current) return;
    announceScreen(document.title);
    // Focus once the new screen has painted: focusing asks for the page's layout, and asked before the first paint
    // it lays out the whole new screen inside the task that mounted it (a long task after an unlock on a slow phone).
    let live = true;
    const frame = requestAnimationFrame(() => {
      nextTask().then(() => {
        const target = heading.current;
        const page = target?.closest('.page');
        const active = document.activeElement;
        if (live && target && !(active && active !== document.body && page?.contains(active))) {
          target.focus({ preventScroll: true });
        }
      }, reportError);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [heading]);
}

export function Page({ title, name, back, actions, children }: PageProps) {
  const header = useRef<HTMLElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  useHeaderFade(header, backdrop);
  const heading = useRef<HTMLHeadingElement>(null);
  useScreenArrival(name ?? title, heading);
  return (
    <div className="page">
      <header className="page-header" ref={header}>
        <div className="page-header-backdrop" ref={backdrop} aria-hidden="true" />
        <div className="page-header-start">
          {back && (
            <Link href={back.to} className="back-link" {...RETURNING}>
              <span aria-hidden="true">‹</span> {back.label ?? 'Back'}
            </Link>
          )}
        </div>
        <div className="page-header-end">{actions}</div>
      </header>
      <main className="page-body">
        {/* Focusable by script only, so arriving on a screen lands on its heading. */}
        <h1 className="page-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        <OfflineNotice />
        {children}
      </main>
    </div>
  );
}
