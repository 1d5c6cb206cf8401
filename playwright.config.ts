import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** A free loopback port, chosen once in the runner and inherited by its workers. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
if (!process.env.E2E_DATABASE_URL) process.env.E2E_DATABASE_URL = `file:${join(tmpdir(), `fillway-e2e-${process.pid}.db`)}`;
if (!process.env.E2E_MEDIA_DIR) process.env.E2E_MEDIA_DIR = join(tmpdir(), `fillway-e2e-media-${process.pid}`);
if (!process.env.E2E_MAIL_DIR) process.env.E2E_MAIL_DIR = join(tmpdir(), `fillway-e2e-mail-${process.pid}`);
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${process.env.BUILD_DIR ?? "build"}`.replace(/\/+$/, ""),
  timeout: 45_000,
  expect: { timeout: 8_000 },
  fullyParallel: true,
  // Two workers everywhere: the machines this runs on have two cores.
  workers: 2,
  // One retry, locally too: a test that passes only on retry is reported as flaky by
  // scripts/test.mjs and fails the run unless tests/known-flaky.json gives a reason.
  retries: 1,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/faq`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      LOG_LEVEL: "warn",
      LOG_REQUESTS: "false",
      RATE_LIMIT_MAX: "1000",
      // Every browser of every test speaks from 127.0.0.1: each stays a visitor of its own.
      INSIGHT_VISITORS_PER_ADDRESS: "1000",
      // What the outbox would send is written here, never into the repository's data/.
      MAIL_DIR: process.env.E2E_MAIL_DIR,
      // Images uploaded in the desk's tests.
      MEDIA_DIR: process.env.E2E_MEDIA_DIR,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      // No scheduled backups of the test database into the repository's data/backups.
      BACKUP_EVERY_HOURS: "0",
    },
  },
});
