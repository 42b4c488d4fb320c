/**
 * Home with no cards at all, as a first visit meets it: SPEC.md's 'No cards found', what Sleeve is for, and the way
 * to the first card.
 */
import { Link } from 'wouter';
import '../../styles/empty-home.css';

export function EmptyHome() {
  return (
    <section className="empty-home" aria-labelledby="empty-home-title">
      <p id="empty-home-title" className="empty-state">
        No cards found
      </p>
      <p className="empty-home-about">
        Sleeve keeps your payment cards in one place, so you can look up or copy a number, expiry or CVV when you pay.
        Your cards stay on this device; sign in with Google to sync them, encrypted, across your devices.
      </p>
      <Link href="~/add" className="button button-primary button-block">
        Add your first card
      </Link>
    </section>
  );
}
