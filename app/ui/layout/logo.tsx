import { brand } from "~/copy/brand";

/** The wordmark, one file per theme (spec 2.2: the logo changes with the theme). */
export function Logo({ className = "h-9 w-auto" }: { className?: string }) {
  return (
    <>
      <img src="/media/logo-light.svg" alt={brand.name} width={148} height={36} className={`${className} dark:hidden`} />
      <img src="/media/logo-dark.svg" alt={brand.name} width={148} height={36} className={`${className} hidden dark:block`} />
    </>
  );
}
