import { useNavigation } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import { RoutingTable, RuleForm, ZipCheck } from "~/features/leads/components/desk/routing-rules";
import { loadRouting, routingAction } from "~/features/leads/routing/routing-screen.server";
import type { Route } from "./+types/routing";

export const meta = () => [{ title: "Lead routing · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadRouting(args);
export const action = (args: Route.ActionArgs) => routingAction(args);

export default function Routing({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, choices, check } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div>
      <PageTitle>Lead routing</PageTitle>
      <p className="mb-4 max-w-prose text-sm">
        A new lead goes to the person of the first rule it matches, or to the next of several in turn; the default takes the rest. A rule may ask for the state
        of the lead's ZIP code, ZIP codes or their starts, a market and a form: every one it asks for must match. Whoever gets the lead is sent an e-mail.
      </p>
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <ErrorList errors={actionData?.errors} />
      <h2 className="mb-2 text-lg font-semibold">Rules, first match wins</h2>
      <div className="mb-8">
        <RoutingTable rules={rules} busy={busy} />
      </div>
      <section aria-labelledby="zip-check" className="mb-8">
        <h2 id="zip-check" className="mb-2 text-lg font-semibold">
          Where would this ZIP go?
        </h2>
        <ZipCheck check={check} kinds={choices.kinds} busy={busy} />
      </section>
      <section aria-labelledby="add-rule">
        <h2 id="add-rule" className="mb-2 text-lg font-semibold">
          Add or change a rule
        </h2>
        {/* Emptied once a save changes the rules; kept as typed when it is refused. */}
        <RuleForm key={rules.map((r) => `${r.id}:${r.name}:${r.people.join()}`).join("|")} choices={choices} busy={busy} />
      </section>
    </div>
  );
}
