/** Everything under /home. Paths here are relative to /home; '~/…' would be absolute. */
import { Redirect, Route, Switch } from 'wouter';
import { Loading, lazyScreen } from '../../components/lazy-screen';
import { CardDetailScreen } from './CardDetailScreen';
import { CardListScreen } from './CardListScreen';

// The list and a card's own screen are in the first scripts (src/main.tsx); the editor and the unreadable cards load when opened.
const EditCardScreen = lazyScreen(() => import('./EditCardScreen'), 'EditCardScreen');
const UnreadableCardsScreen = lazyScreen(() => import('./UnreadableCardsScreen'), 'UnreadableCardsScreen');
// Asked for before a card's PIN shows, with 'Ask before showing PINs' on: loaded then.
const PinVerifyScreen = lazyScreen(() => import('../pin/PinVerifyScreen'), 'PinVerifyScreen');
const PasswordVerifyScreen = lazyScreen(() => import('../password/PasswordVerifyScreen'), 'PasswordVerifyScreen');

/** The verify screens under `path` (a card's screen or its editor), going back to it. */
const verifyRoutes = (path: string) => [
  <Route key={`${path}/pin`} path={`${path}/pin/verify`}>
    {(params: { id: string }) => (
      <PinVerifyScreen back={path.replace(':id', params.id)} lead="Enter your PIN to show or copy the card's PIN." />
    )}
  </Route>,
  <Route key={`${path}/password`} path={`${path}/password/verify`}>
    {(params: { id: string }) => <PasswordVerifyScreen back={path.replace(':id', params.id)} />}
  </Route>,
];

export function HomeRoutes() {
  return (
    <Loading>
      <Switch>
        <Route path="/" component={CardListScreen} />
        <Route path="/unreadable" component={UnreadableCardsScreen} />
        <Route path="/cards/:id/edit">{(params) => <EditCardScreen key={params.id} id={params.id} />}</Route>
        <Route path="/cards/:id">{(params) => <CardDetailScreen key={params.id} id={params.id} />}</Route>
        {verifyRoutes('/cards/:id')}
        {verifyRoutes('/cards/:id/edit')}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </Loading>
  );
}
