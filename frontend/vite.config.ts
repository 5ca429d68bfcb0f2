import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The manifest lets `npm run bench` measure exactly what the home page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod (~25 kB gzip) is only needed by lazily loaded validators: keep it in its own chunk so
          // it never rides along with a small shared module that the first chunk imports.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
});
