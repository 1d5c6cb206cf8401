import { ArrowUpRight, Check } from "lucide-react";
import { brand } from "~/copy/brand";
import { type PricingPlan, pricingNote, pricingPlans } from "~/copy/pricing";
import { StoreBadges } from "./store-badges";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * Where a plan card leads: pay-as-you-go starts in the app (both stores); a subscription
 * is taken out in the customer panel.
 */
function PlanAction({ plan }: { plan: PricingPlan }) {
  if (!plan.perMonth) {
    return (
      <div className="mt-auto pt-6">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">Get the app and order your first fill-up</p>
        <StoreBadges className="mt-3 [&_img]:h-10 [&_img]:w-auto" />
      </div>
    );
  }
  return (
    <div className="mt-auto pt-6">
      <a href={brand.customerPanel.signUpUrl} target="_blank" rel="noopener" className={`${plan.featured ? "btn-primary" : "btn-secondary"} w-full`}>
        Sign up for {plan.title}
        <ArrowUpRight aria-hidden="true" className="size-4" />
        <span className="sr-only"> in the customer panel (opens in a new tab)</span>
      </a>
    </div>
  );
}

/** The four consumer plans of spec section 9, side by side on wide screens; each ends in one action. */
export function PricingTable() {
  return (
    <div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {pricingPlans.map((plan) => (
          <li
            key={plan.id}
            className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${
              plan.featured ? "border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400" : "border-slate-200 dark:border-slate-800"
            }`}
          >
            {plan.featured && (
              <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white dark:bg-brand-400 dark:text-brand-950">
                Most popular
              </p>
            )}
            <h3 className="text-xl font-bold">{plan.title}</h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.subhead}</p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{usd.format(plan.price)}</span>
              <span className="text-sm font-medium text-slate-600 dark:text-slate-400">{plan.perMonth ? "per month" : "per delivery"}</span>
            </p>
            <ul className="mt-6 space-y-3 text-sm">
              {plan.inclusions.map((inc) => (
                <li key={inc} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
                  <span>{inc}</span>
                </li>
              ))}
            </ul>
            <PlanAction plan={plan} />
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{pricingNote}</p>
    </div>
  );
}
