/** Everything under /home. Paths here are relative to /home; '~/…' would be absolute. */
import { Redirect, Route, Switch } from 'wouter';
import { CardDetailScreen } from './CardDetailScreen';
import { CardListScreen } from './CardListScreen';
import { EditCardScreen } from './EditCardScreen';
import { UnreadableCardsScreen } from './UnreadableCardsScreen';

export function HomeRoutes() {
  return (
    <Switch>
      <Route path="/" component={CardListScreen} />
      <Route path="/unreadable" component={UnreadableCardsScreen} />
      <Route path="/cards/:id/edit">{(params) => <EditCardScreen key={params.id} id={params.id} />}</Route>
      <Route path="/cards/:id">{(params) => <CardDetailScreen key={params.id} id={params.id} />}</Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
