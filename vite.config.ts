import { defineConfig, type Plugin } from 'vite';

/**
 * index.html carries the strict Content-Security-Policy that ships. The dev server alone needs two allowances:
 * Vite injects CSS as <style> elements and talks to the page over a WebSocket for hot updates.
 */
function devCsp(): Plugin {
  return {
    name: 'sleeve-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
    },
  };
}

export default defineConfig({
  plugins: [devCsp()],
  // Kept beside the project rather than in node_modules, which worktrees of one repository may share.
  cacheDir: '.vite',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
});
