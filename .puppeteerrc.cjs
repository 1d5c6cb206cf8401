/**
 * pa11y drives Puppeteer; Puppeteer would download its own browser on install. The tests
 * use Debian's Chromium at /usr/bin/chromium instead (scripts/ensure-chromium.mjs), so no
 * browser is ever downloaded.
 */
module.exports = { skipDownload: true };
