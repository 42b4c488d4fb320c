/**
 * Serves the production build (built by `npm test` before the tests run, or here when missing) on loopback for
 * the end-to-end tests, which reach it through `inject('baseUrl')`.
 */
import { existsSync } from 'node:fs';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function serveBuild(project: TestProject) {
  if (!existsSync('dist/index.html')) await build({ logLevel: 'warn' });
  const server = await preview({ preview: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'warn' });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('The preview server has no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
  return async () => {
    await server.close();
  };
}
