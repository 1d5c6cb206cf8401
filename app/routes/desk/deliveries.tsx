import { z } from "zod";
import { data, Form, useLocation, useNavigation } from "react-router";
import { DeliveriesTable } from "~/ui/desk/deliveries-table";
import { FilterBar, keysetLinks, Pager } from "~/ui/desk/kit";
import { deskSecondary, ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";

import { type DeliveryState, declaredMessages, deliveryCounts, deliveryStates, listDeliveries, stateLabels } from "~/platform/outbox/desk.server";
import type { Route } from "./+types/deliveries";
import { issueMessages } from "~/shared/forms/issues";

export const meta = () => [{ title: "Deliveries · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const querySchema = z.object({
  state: z.enum(deliveryStates, "State must be failed, pending, sending or sent").default("failed"),
  after: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "This is not a page of deliveries")
    .transform(Number)
    .optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = deskServices(context);
  const { db } = services;
  const url = new URL(request.url);
  const raw = { state: url.searchParams.get("state") || undefined, after: url.searchParams.get("after") || undefined };
  const counts = await deliveryCounts(db);
  const choices = deliveryStates.map((value) => ({ value, label: stateLabels[value] }));
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) {
    return data(
      { state: "failed" as DeliveryState, stateLabel: stateLabels.failed, choices, counts, rows: [], next: null, errors: issueMessages(parsed.error) },
      { status: 400, headers: DESK_HEADERS },
    );
  }
  const page = await listDeliveries(db, declaredMessages(services), parsed.data.state, parsed.data.after);
  return data(
    {
      state: parsed.data.state,
      stateLabel: stateLabels[parsed.data.state],
      choices,
      counts,
      rows: page.rows,
      next: page.next === null ? null : String(page.next),
      errors: null as string[] | null,
    },
    { headers: DESK_HEADERS },
  );
}

const retrySchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "This is not a message")
    .transform(Number),
});

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedIn(context);
  const services = deskServices(context);
  const form = await request.formData();
  const parsed = retrySchema.safeParse({ id: String(form.get("id") ?? "") });
  if (!parsed.success) return data({ errors: issueMessages(parsed.error), done: null }, { status: 422, headers: DESK_HEADERS });
  if (!(await services.outbox.retry(parsed.data.id)))
    return data(
      { errors: [`Message ${parsed.data.id} is not waiting or failed (it may have been sent meanwhile).`], done: null },
      { status: 409, headers: DESK_HEADERS },
    );
  await audit(services.db, { staffId: me.id, action: "outbox.retry", subject: String(parsed.data.id) });
  return data({ errors: null as string[] | null, done: `Message ${parsed.data.id} will be sent again now.` }, { headers: DESK_HEADERS });
}

export default function Deliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { state, stateLabel, choices, counts, rows, next, errors } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  return (
    <div>
      <PageTitle>Deliveries</PageTitle>
      <p className="mb-4 text-sm">
        E-mails and CRM webhooks written with each lead. Failed deliveries are retried automatically (the wait doubles each time) for a day, then listed here as
        failed. {counts.failed} failed, {counts.pending} waiting to retry, {counts.sending} being sent.
      </p>
      <FilterBar
        label="Show deliveries"
        idPrefix="d"
        values={{ state }}
        clear={{ to: "/desk/deliveries", label: "Failed" }}
        fields={[{ type: "select", name: "state", label: "State", options: choices }]}
      />
      <ErrorList errors={errors} title="This list cannot be shown" />
      <ErrorList errors={actionData?.errors} title="Nothing was retried" />
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <DeliveriesTable
        rows={rows}
        showLead
        empty={errors ? null : "No deliveries in this state."}
        caption={`${stateLabel} deliveries, newest first`}
        action={(r) =>
          r.state === "failed" || r.state === "pending" ? (
            <Form method="post">
              <input type="hidden" name="id" value={r.id} />
              <button type="submit" className={deskSecondary} disabled={busy} aria-label={`Retry message ${r.id}: ${r.what}`}>
                Retry now
              </button>
            </Form>
          ) : null
        }
      />
      <Pager label="Pages of deliveries" links={keysetLinks(location.search, null, next)} />
    </div>
  );
}
