/** Everything under /home. Paths here are relative to /home; '~/…' would be absolute. */
import { Redirect, Route, Switch } from 'wouter';
import { Loading, lazyScreen } from '../../components/lazy-screen';
import { CardDetailScreen } from './CardDetailScreen';
import { CardListScreen } from './CardListScreen';

// The list and a card's own screen are in the first script; the editor and the unreadable cards load when opened.
const EditCardScreen = lazyScreen(() => import('./EditCardScreen'), 'EditCardScreen');
const UnreadableCardsScreen = lazyScreen(() => import('./UnreadableCardsScreen'), 'UnreadableCardsScreen');

export function HomeRoutes() {
  return (
    <Loading>
      <Switch>
        <Route path="/" component={CardListScreen} />
        <Route path="/unreadable" component={UnreadableCardsScreen} />
        <Route path="/cards/:id/edit">{(params) => <EditCardScreen key={params.id} id={params.id} />}</Route>
        <Route path="/cards/:id">{(params) => <CardDetailScreen key={params.id} id={params.id} />}</Route>
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </Loading>
  );
}
