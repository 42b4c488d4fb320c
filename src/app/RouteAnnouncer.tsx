/** The polite live region that says a new screen's title once it has replaced the last one (see screen-title.ts). */
import { useScreenAnnouncement } from './screen-title';

export function RouteAnnouncer() {
  const announcement = useScreenAnnouncement();
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
