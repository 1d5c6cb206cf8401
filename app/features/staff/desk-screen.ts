import type { Role } from "./roles";

/**
 * Who may open a desk screen: the roles listed, any signed-in member of staff ("staff"),
 * or everyone ("public": signing in and choosing a password).
 */
export type DeskAccess = readonly Role[] | "staff" | "public";

/**
 * A desk screen, declared once by its feature (`desk-screens.ts`): app/routes.ts makes it a
 * child of /desk, the desk's menu lists it and the desk layout's middleware enforces its
 * access. Plain data: no server code, no React.
 */
export interface DeskScreen {
  /** The address under /desk ("leads/:id"); absent for the desk's own index. */
  path?: string;
  /** The route module, from app/. */
  file: string;
  access: DeskAccess;
  /** The module has no action: other methods than GET and HEAD answer 405 for everyone. */
  readOnly?: true;
  /**
   * Listed in the desk's menu, lowest order first; for the roles that may open it, or only
   * for `roles` when given.
   */
  nav?: { label: string; order: number; end?: true; roles?: readonly Role[] };
}

/** The route pattern React Router reports for a screen ("/desk/leads/:id"). */
export function screenPattern(screen: DeskScreen): string {
  return screen.path ? `/desk/${screen.path}` : "/desk";
}

/**
 * The screen a matched route pattern belongs to, or undefined when none is declared. React
 * Router joins the matched routes' paths without a leading slash ("desk/leads/:id").
 */
export function findScreen(screens: readonly DeskScreen[], pattern: string): DeskScreen | undefined {
  const wanted = `/${pattern.replace(/^\/+|\/+$/g, "")}`;
  return screens.find((s) => screenPattern(s) === wanted);
}

/** Whether a member of staff with this role may open the screen. */
export function mayOpen(screen: DeskScreen, role: Role): boolean {
  return screen.access === "public" || screen.access === "staff" || screen.access.includes(role);
}

/** The desk's menu for a role, in order. */
export function deskMenu(screens: readonly DeskScreen[], role: Role): { to: string; label: string; end?: true }[] {
  return screens
    .filter((s) => s.nav && s.access !== "public" && mayOpen(s, role) && (!s.nav.roles || s.nav.roles.includes(role)))
    .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0))
    .map((s) => ({ to: screenPattern(s), label: s.nav?.label ?? "", end: s.nav?.end }));
}
