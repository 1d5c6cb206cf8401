// Browser tests drive Debian's Chromium; install it when missing and we are root.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureChromium() {
  const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return path;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root) {
    console.error(`Chromium is missing at ${path}. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH).`);
    process.exit(1);
  }
  console.log("Installing Debian's Chromium for the browser tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
