/**
 * The top-level error boundary: a render that throws (or a screen's code that could not be fetched) ends on the
 * start-failure screen with what to try, not on a blank page.
 */
import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { reportError } from '../state/report';
import type { StartFailure } from '../state/store';
import { StartFailureScreen } from './StartFailureScreen';

/** What browsers say when a script chunk could not be fetched (Chromium, Firefox, Safari). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const failureOf = (error: unknown): StartFailure =>
  error instanceof Error && CHUNK_FAILURE.test(error.message) ? 'load' : 'unexpected';

interface BoundaryState {
  failure: StartFailure | null;
}

export class StartBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failure: failureOf(error) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportError(error);
  }

  override render() {
    return this.state.failure ? <StartFailureScreen reason={this.state.failure} /> : this.props.children;
  }
}
