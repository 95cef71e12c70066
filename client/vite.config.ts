// Builds the table's pages (lobby, play, workbench) into the Python package (src/delve/web/static/app/).
// Why fixed file names (no content hashes): the built files are committed and CI rebuilds them
// and fails on any difference, so the output must depend on the sources only.
import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { resolve } from "node:path";

export default defineConfig({
  plugins: [svelte()],
  base: "/static/app/",
  build: {
    outDir: resolve(__dirname, "../src/delve/web/static/app"),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        lobby: resolve(__dirname, "index.html"),
        play: resolve(__dirname, "play.html"),
        workbench: resolve(__dirname, "workbench.html"),
      },
      output: {
        entryFileNames: "assets/[name].js",
        chunkFileNames: "assets/[name].js",
        assetFileNames: "assets/[name][extname]",
        manualChunks: (id: string) => (id.includes("node_modules") ? "runtime" : undefined),
      },
    },
  },
  server: { proxy: { "/api": "http://127.0.0.1:8000", "/ws": { target: "ws://127.0.0.1:8000", ws: true } } },
  test: { include: ["tests/**/*.test.ts"], environment: "node" },
});
