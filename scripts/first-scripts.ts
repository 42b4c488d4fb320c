/**
 * How the build splits the app's first scripts (vite.config.ts uses these): the chunks 'start' (React, the styles:
 * src/main.tsx) and 'app' (the app's own code: src/app/boot.tsx), index.html preloading the second beside the first,
 * and V8's compile hint at the top of both.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

/** The first script's entry (React, the styles), and the app's own code it loads (src/app/boot.tsx). */
const ENTRY = fileURLToPath(new URL('../src/main.tsx', import.meta.url));
const BOOT = fileURLToPath(new URL('../src/app/boot.tsx', import.meta.url));

/**
 * Every module the entry imports statically goes in one chunk, 'start', and every other module the app's code
 * imports statically in a second, 'app'. Left alone, the bundler splits the modules that lazy screens share with
 * these into a dozen small chunks, all fetched at start anyway, and each compressed on its own: about 3 KB more to
 * download than the same code in one file. Modules reached only through a lazy screen's import keep their own chunks.
 *
 * Two groups, 'start' first (a higher priority): a group also takes in its modules' own imports, so with one group
 * for both the app's chunk took React from the first script.
 */
export const firstScriptGroups = [
  { name: chunkOfReachable('start', [ENTRY]), debugName: 'start', priority: 2 },
  { name: chunkOfReachable('app', [BOOT]), debugName: 'app', priority: 1 },
];

function chunkOfReachable(name: string, entries: readonly string[]) {
  // Per chunking pass: one process may build more than once (the bench's page, the tests' second builds).
  const reachable = new WeakMap<Rolldown.ChunkingContext, Set<string>>();
  return (id: string, context: Rolldown.ChunkingContext): string | null => {
    let ids = reachable.get(context);
    if (!ids) {
      ids = staticallyReachable(entries, context);
      reachable.set(context, ids);
    }
    return ids.has(id) ? name : null;
  };
}

function staticallyReachable(from: readonly string[], context: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The first two scripts open with V8's compile hint (`//# allFunctionsCalledOnLoad`): the browser then compiles their
 * functions while it downloads them, on a thread of its own, where it would otherwise compile each on the page's main
 * thread when first called, most of them while the script is evaluated. The hint has to be the file's first line,
 * so it is written in last, and the source map moved down a line with it. Browsers without it read a comment.
 */
export function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'sleeve-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || (file.name !== 'start' && file.name !== 'app')) continue;
          file.code = HINT + file.code;
          if (file.map) file.map.mappings = `;${file.map.mappings}`;
          const map = bundle[`${file.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * index.html preloads the 'app' chunk beside the first script, and links its styles, so neither download waits for
 * the first script's evaluation (the entry's dynamic import of it would otherwise start both fetches only then).
 */
export function preloadAppScript(): Plugin {
  return {
    name: 'sleeve-preload-app-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const app = Object.values(context.bundle ?? {}).find((file) => file.type === 'chunk' && file.name === 'app');
        if (!app) return [];
        const href = (fileName: string) => `/${fileName}`;
        const styles = [...(app.viteMetadata?.importedCss ?? [])].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: href(fileName) },
          injectTo: 'head' as const,
        }));
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: href(app.fileName) },
            injectTo: 'head',
          },
          ...styles,
        ];
      },
    },
  };
}
