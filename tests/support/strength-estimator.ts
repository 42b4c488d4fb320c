/** The strength estimator loaded as on a fresh page, through a `load` of the test's own, for one test only. */
import { onTestFinished } from 'vitest';
import { estimatorSource, forgetEstimator } from '../../src/components/password/password-strength';

export function loadEstimatorWith(load: typeof estimatorSource.load): void {
  const real = estimatorSource.load;
  forgetEstimator();
  estimatorSource.load = load;
  onTestFinished(() => {
    estimatorSource.load = real;
    forgetEstimator();
  });
}
