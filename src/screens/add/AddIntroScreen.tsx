/** /add — why cards are typed in by hand on the web, and the way into the editor. */
import { Link } from 'wouter';
import { Page } from '../../app/Page';

export function AddIntroScreen() {
  return (
    <Page title="Add Card">
      <section className="intro">
        <p>Scanning a card with the camera is not available on the website yet.</p>
        <p>Enter your card's details manually instead; it only takes a moment.</p>
        <Link href="/editor" className="button button-primary button-block">
          Add card manually
        </Link>
      </section>
    </Page>
  );
}
