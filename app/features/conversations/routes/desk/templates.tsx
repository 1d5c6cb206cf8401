import { Link, useLocation } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { DeskTable } from "~/ui/desk/kit";
import { deskPrimary, Notice, PageTitle } from "~/ui/desk/ui";
import { FieldHelp, templateColumns } from "~/features/conversations/components/template-parts";
import { loadTemplates } from "~/features/conversations/templates-screen.server";
import type { Route } from "./+types/templates";

export const meta = () => [{ title: "E-mail templates · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadTemplates(args);

/** The e-mails sales starts from on a lead's page. */
export default function Templates({ loaderData }: Route.ComponentProps) {
  const { templates, fields } = loaderData;
  const search = new URLSearchParams(useLocation().search);
  return (
    <div>
      <PageTitle
        actions={
          <Link to="/desk/templates/new" className={deskPrimary}>
            New template
          </Link>
        }
      >
        E-mail templates
      </PageTitle>
      {search.get("saved") ? <Notice>Template saved.</Notice> : null}
      {search.get("deleted") ? <Notice>Template deleted.</Notice> : null}
      <div className="mb-6">
        <DeskTable
          caption="E-mail templates"
          columns={templateColumns}
          rows={templates}
          cards
          empty="No templates yet: sales writes every e-mail from scratch."
        />
      </div>
      <FieldHelp fields={fields} />
    </div>
  );
}
