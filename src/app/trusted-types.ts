/**
 * The page's Trusted Types `default` policy. The Content-Security-Policy requires Trusted Types for scripts
 * (`require-trusted-types-for 'script'`), so every string headed for a script sink (a worker's URL, the service
 * worker's, a `<script>` element's `src`, markup for `innerHTML`) passes through this policy first, and the browser
 * refuses what it does not return. Sleeve's code and the libraries it runs hand those sinks plain strings (Vite's
 * `new Worker(new URL(…))`, Firebase's script loader), so the policy is the one place that decides
 * (src/domain/script-urls.ts). It makes no HTML and no script: nothing in the page writes markup or code from a
 * string, and a string offered for either is refused.
 *
 * Imported first by src/main.tsx, so it exists before any worker starts. Where the browser has no Trusted Types
 * there is nothing to install, and the Content-Security-Policy alone stands.
 */
import { scriptUrlAllowed } from '../domain/script-urls';

/** Just what this module uses of the browser's factory (TypeScript's DOM library does not declare it yet). */
interface TrustedTypePolicyFactory {
  createPolicy(
    name: 'default',
    rules: { createScriptURL: (value: string, type: string, sink: string) => string | null },
  ): unknown;
}

const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
// A `null` answer (or a throw) refuses the value: the browser throws where it was assigned and reports the violation.
factory?.createPolicy('default', {
  createScriptURL: (value, _type, sink) => (scriptUrlAllowed(value, sink, location.origin) ? value : null),
});
