import { type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Footer } from "~/ui/layout/footer";
import { Header } from "~/ui/layout/header";
import { NotFound } from "~/ui/layout/not-found";
import { RouteFocus } from "~/ui/layout/route-focus";
import { ScrollToTop } from "~/ui/layout/scroll-to-top";
import { firstTouchScript } from "~/shared/forms/first-touch";
import { InsightScript } from "~/features/insight/components/insight-script";
import { useNonce } from "~/ui/nonce";
import { earlyPressScript, paintFirstScript } from "~/shared/paint-first";
import { themeScript } from "~/shared/theme-script";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * The inline scripts run once, from the server's HTML, and React leaves a script's text
 * alone when it hydrates; so only the server carries them, not the browser's bundle.
 */
const headScript = import.meta.env.SSR ? themeScript + firstTouchScript + earlyPressScript : "";
const endScript = import.meta.env.SSR ? paintFirstScript : "";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Says, in the document, that React has hydrated it: the readiness tests wait on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The desk (staff only) brings its own shell: no public header, footer or skip link.
  const desk = /^\/desk(\/|$)/i.test(useLocation().pathname);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#067059" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: headScript }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {desk ? children : <PublicShell>{children}</PublicShell>}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: endScript }} />
      </body>
    </html>
  );
}

function PublicShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only z-[100] rounded bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
      <ScrollToTop />
      <RouteFocus />
      <InsightScript />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4">
        We could not show this page (error {status}). Please try again in a moment, or go back to the{" "}
        <a className="link" href="/">
          home page
        </a>
        .
      </p>
    </section>
  );
}
