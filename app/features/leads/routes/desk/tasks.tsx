import { useNavigation } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import { TaskGroup } from "~/features/leads/components/desk/task-list";
import { loadTasks, tasksAction } from "~/features/leads/routing/tasks-screen.server";
import type { Route } from "./+types/tasks";

export const meta = () => [{ title: "My tasks · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadTasks(args);
export const action = (args: Route.ActionArgs) => tasksAction(args);

export default function Tasks({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div>
      <PageTitle>My tasks</PageTitle>
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <ErrorList errors={actionData?.errors} />
      <TaskGroup id="t-overdue" title="Overdue" tasks={loaderData.overdue} busy={busy} />
      <TaskGroup id="t-today" title="Due today" tasks={loaderData.today} busy={busy} />
      <TaskGroup id="t-upcoming" title="Upcoming" tasks={loaderData.upcoming} busy={busy} />
    </div>
  );
}
