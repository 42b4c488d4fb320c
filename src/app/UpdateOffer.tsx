/**
 * 'A new version of Sleeve is available' with Reload, above the bottom navigation while a new version waits (found at
 * launch, see src/app/service-worker.ts). It stays until the person reloads: the running version keeps working
 * meanwhile. The live region is always there, so the offer is announced when it appears; focus is left where it is.
 */
import { useSnapshot } from 'valtio';
import { reloadForUpdate, updateState } from '../state/updates';

export const UPDATE_AVAILABLE = 'A new version of Sleeve is available';

export function UpdateOffer() {
  const { available } = useSnapshot(updateState);
  return (
    <div className="update-offer-host" role="status">
      {available && (
        <div className="update-offer">
          <span>{UPDATE_AVAILABLE}</span>
          <button type="button" className="update-offer-action" onClick={reloadForUpdate}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
