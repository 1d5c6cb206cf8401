import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** The server bundle's entries keep their names (React Router names every server entry index.js). */
const serverEntryNames: Plugin = {
  name: "server-entry-names",
  enforce: "post",
  configEnvironment(name) {
    if (name === "ssr") return { build: { rollupOptions: { output: { entryFileNames: (chunk) => `${chunk.name}.js` } } } };
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), serverEntryNames],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    // The server bundle has two entries: React Router's server build (index.js, which
    // pre-rendering loads) and the application server (main.js), which imports it. Built
    // together, the routes and the server share one copy of every module.
    ...(isSsrBuild
      ? {
          rollupOptions: { input: { index: "virtual:react-router/server-build", main: "./app/server/main.server.ts" } },
        }
      : {}),
  },
}));
