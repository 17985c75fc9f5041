// The stock create-vite React template's config: the peer is built exactly as a team would start.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
});
