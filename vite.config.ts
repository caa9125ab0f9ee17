// Build of the app and its service worker. The manifest lives in manifest.webmanifest (the one copy).
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

const apiTarget = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8787'}`;

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/*.png', 'robots.txt'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { proxy: { '/api': apiTarget } },
  build: { target: 'es2022', sourcemap: false },
});
