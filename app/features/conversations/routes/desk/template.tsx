import { Link, useNavigation } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { deskLink, ErrorList, PageTitle } from "~/ui/desk/ui";
import { DeleteTemplate, FieldHelp, TemplateForm } from "~/features/conversations/components/template-parts";
import { loadTemplate, templateAction } from "~/features/conversations/templates-screen.server";
import type { Route } from "./+types/template";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id === "new" ? "New template" : "Template"} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadTemplate(args);
export const action = (args: Route.ActionArgs) => templateAction(args);

/** Write or change one e-mail template; delete it. */
export default function Template({ loaderData, actionData }: Route.ComponentProps) {
  const { template, fields } = loaderData;
  const busy = useNavigation().state !== "idle";
  const values = actionData?.values ?? template ?? { name: "", subject: "", body: "" };
  return (
    <div>
      <nav aria-label="Templates" className="mb-2 text-sm">
        <Link to="/desk/templates" className={deskLink}>
          All templates
        </Link>
      </nav>
      <PageTitle>{template ? `Template: ${template.name}` : "New template"}</PageTitle>
      <ErrorList errors={actionData?.errors} title="The template was not saved" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TemplateForm key={actionData?.values ? "refused" : "saved"} values={values} busy={busy} />
        </div>
        <FieldHelp fields={fields} />
      </div>
      {template ? <DeleteTemplate name={template.name} asking={Boolean(actionData?.confirmDelete)} busy={busy} /> : null}
    </div>
  );
}
