/** Everything under /add: the intro, the scanner, the editor, and the PIN the editor may ask for before saving. */
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { lazyScreen } from '../../components/lazy-screen';
import { peekCardDetailsDraft, peekCardDraft } from '../../state/drafts';
import { showError } from '../../state/toast';
import { PinCreateRoutes } from '../pin/PinCreateRoutes';
import { AddIntroScreen } from './AddIntroScreen';
import { NewCardScreen, saveAndOpen } from './NewCardScreen';

// The scanner, its camera code and its worker load only when /add/scan opens, as a transition under the area's busy
// indicator (src/app/App.tsx; see src/screens/you/YouRoutes.tsx).
const ScanScreen = lazyScreen(() => import('./ScanScreen'), 'ScanScreen');

function EditorRoutes() {
  const [, navigate] = useLocation();
  /**
   * The PIN exists now, so the waiting card is saved encrypted and opened. If that save fails, the PIN stays and
   * the card goes back into the editor as typed, with the reason on screen.
   */
  const saveWaitingCard = async () => {
    const data = peekCardDraft();
    if (!data) return navigate('/', { replace: true });
    try {
      await saveAndOpen({ data, details: peekCardDetailsDraft() ?? undefined }, navigate);
    } catch (error) {
      // The PIN screen is left behind, so the reason is shown here rather than on its keypad.
      navigate('/', { replace: true });
      showError(error);
    }
  };
  return (
    <Switch>
      <Route path="/" component={NewCardScreen} />
      <Route path="/pin/create" nest>
        <PinCreateRoutes back="~/add/editor" onCreated={saveWaitingCard} />
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}

export function AddRoutes() {
  return (
    <Switch>
      <Route path="/" component={AddIntroScreen} />
      <Route path="/scan" component={ScanScreen} />
      <Route path="/editor" nest>
        <EditorRoutes />
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
