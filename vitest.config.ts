import { resolve } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Three projects, told apart by where a test lives and how it is named (docs/testing.md):
// unit — no database, no network, no child process, no build;
// integration — a real database (SQLite, or PostgreSQL when DATABASE_URL names one) and the
//   server in the test's own process; `*.int.test.ts` next to the code, or tests/integration;
// process — servers and scripts in processes of their own (tests/process).
const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;

export default defineConfig({
  resolve: { alias: { "~": resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, "**/*.int.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.int.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
          // The files share one database server in the PostgreSQL leg.
          fileParallelism: !onPostgres,
        },
      },
      {
        extends: true,
        test: {
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          fileParallelism: !onPostgres,
        },
      },
    ],
  },
});
