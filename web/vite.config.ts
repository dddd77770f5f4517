/// <reference types="vitest" />
import { defineConfig } from 'vite';

// The server serves dist/ (index.html, hashed files under /assets). `npm run dev` proxies the API
// to a server given by CITADEL_URL (default: the development mock, npm run mock).
const target = process.env['CITADEL_URL'] ?? 'http://127.0.0.1:8090';

export default defineConfig({
    build: {
        outDir: 'dist',
        assetsDir: 'assets',
        emptyOutDir: true,
        // no inline scripts or data: URLs, for a strict Content-Security-Policy
        assetsInlineLimit: 0,
        modulePreload: { polyfill: false },
        sourcemap: false,
    },
    server: {
        proxy: { '/api': { target, ws: true } },
    },
    test: {
        include: ['tests/**/*.test.ts'],
        environment: 'node',
    },
});
