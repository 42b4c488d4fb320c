/**
 * Vitest globalSetup: a fresh production build (about a second, so a stale dist/ is never what is tested), served
 * on loopback for the end-to-end tests, which reach it through `inject('baseUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { buildAndServe } from './build';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function serveBuild(project: TestProject) {
  const served = await buildAndServe();
  project.provide('baseUrl', served.url);
  return served.close;
}
