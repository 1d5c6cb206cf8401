import { Link } from "react-router";
import { footerLinks } from "~/copy/nav";

/** The not-found page (spec 2.2), used by the catch-all route and for unknown records. */
export function NotFound() {
  return (
    <section className="mx-auto max-w-3xl px-6 py-20 text-center sm:py-28">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">Page not found</h1>
      <p className="mt-5 text-lg text-slate-600 dark:text-slate-300">The page you are looking for doesn't exist. Here are some helpful links:</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-secondary" onClick={() => window.history.back()}>
          Go Back
        </button>
        <Link to="/" className="btn-primary">
          Take me home
        </Link>
      </div>
      <ul className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
        {footerLinks.map((l) => (
          <li key={l.to}>
            <Link className="link" to={l.to}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
