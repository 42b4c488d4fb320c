/**
 * Everything under /add. The editor's own sub-routes (e.g. '/editor/pin/create') belong in EditorRoutes'
 * Switch, before the catch-all.
 */
import { Redirect, Route, Switch } from 'wouter';
import { AddIntroScreen } from './AddIntroScreen';
import { NewCardScreen } from './NewCardScreen';

function EditorRoutes() {
  return (
    <Switch>
      <Route path="/" component={NewCardScreen} />
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
      <Route path="/editor" nest>
        <EditorRoutes />
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
