// The part of pa11y's API the conformance test uses (the package ships no types).
declare module "pa11y" {
  import type { Browser } from "puppeteer";

  interface Pa11yIssue {
    code: string;
    type: "error" | "warning" | "notice";
    message: string;
    selector: string;
    context: string;
    runner: string;
  }
  interface Pa11yOptions {
    browser?: Browser;
    standard?: "WCAG2A" | "WCAG2AA" | "WCAG2AAA";
    runners?: ("htmlcs" | "axe")[];
    timeout?: number;
    wait?: number;
  }
  function pa11y(url: string, options?: Pa11yOptions): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
  export default pa11y;
}
