/**
 * Builds the app for production and serves it on loopback for the end-to-end tests, which reach it through
 * `inject('baseUrl')`. Always a fresh build (about a second), so a stale dist/ can never be what is tested.
 */
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function serveBuild(project: TestProject) {
  // Vitest sets NODE_ENV to 'test', which would bundle React's development build; test what ships instead.
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = testEnv;
  }
  const server = await preview({ preview: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'warn' });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('The preview server has no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
  return async () => {
    await server.close();
  };
}
