import { Moon, Sun } from "lucide-react";

/** Switches the theme and stores the choice under `theme`. Labels follow the html class, so server and client agree. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  function toggle() {
    const root = document.documentElement;
    const dark = !root.classList.contains("dark");
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {
      // Storage can be unavailable (private mode); the switch still applies to this page.
    }
  }
  return (
    <button
      type="button"
      onClick={toggle}
      data-testid="theme-toggle"
      className={`inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
    >
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
      <span className="dark:hidden">Dark Theme</span>
      <span className="hidden dark:inline">Light Theme</span>
    </button>
  );
}
