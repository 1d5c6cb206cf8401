import { data, Form, Link, redirect } from "react-router";
import { type Column, DeskTable } from "~/ui/desk/kit";
import { deskInput, deskLabel, deskLink, deskPrimary, ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { When } from "~/ui/desk/time";
import { IMAGE_SIZES, MAX_UPLOAD_BYTES } from "~/features/content/post-desk";
import { listImages } from "~/features/content/media.server";
import { uploadImage } from "~/features/content/image-upload.server";
import type { Route } from "./+types/images";

export const meta = () => [{ title: "Images · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const uploaded = url.searchParams.get("uploaded");
  const images = await listImages(db);
  return data(
    {
      uploaded: images.find((m) => m.id === uploaded)?.originalName ?? null,
      images,
    },
    { headers: DESK_HEADERS },
  );
}

function refuse(status: number, message: string) {
  const headers: Record<string, string> = { ...DESK_HEADERS };
  // The rest of a body that is too large is not read: the connection ends with the answer.
  if (status === 413) headers.Connection = "close";
  return data({ errors: [message] }, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const r = await uploadImage(request, context);
  if (!r.ok) return refuse(r.status, r.message);
  return redirect(`/desk/images?uploaded=${r.item.id}`, { headers: DESK_HEADERS });
}

type Image = Route.ComponentProps["loaderData"]["images"][number];

const columns: Column<Image>[] = [
  {
    header: "Image",
    cell: (m) => <img src={m.card.path} width={m.card.width} height={m.card.height} alt={m.originalName} loading="lazy" className="h-auto w-40 rounded" />,
  },
  { header: "Name", className: "break-all", cell: (m) => m.originalName },
  {
    header: "Sizes",
    cell: (m) => (
      <>
        <a className={deskLink} href={m.banner.path}>
          {m.banner.width}×{m.banner.height}
        </a>
        ,{" "}
        <a className={deskLink} href={m.card.path}>
          {m.card.width}×{m.card.height}
        </a>
      </>
    ),
  },
  // In the member's zone, named, from the server's render on (the layout knows the zone).
  { header: "Uploaded", className: "whitespace-nowrap", cell: (m) => <When iso={m.createdAt} /> },
  {
    header: "Use",
    cell: (m) => (
      <Link className={deskLink} to={`/desk/posts/new?image=${encodeURIComponent(m.banner.path)}`}>
        New post with this image<span className="sr-only"> ({m.originalName})</span>
      </Link>
    ),
  },
];

export default function Images({ loaderData, actionData }: Route.ComponentProps) {
  const { images, uploaded } = loaderData;
  return (
    <div>
      <PageTitle>Images</PageTitle>
      {uploaded && !actionData ? <Notice>“{uploaded}” was uploaded. Choose it as a post's image in the editor.</Notice> : null}
      <ErrorList errors={actionData?.errors} title="The image was not uploaded" />
      <Form
        method="post"
        encType="multipart/form-data"
        aria-label="Upload an image"
        className="mb-6 rounded-md border border-slate-300 p-3 dark:border-slate-600"
      >
        <label htmlFor="i-file" className={deskLabel}>
          Image file
        </label>
        <input
          id="i-file"
          name="image"
          type="file"
          required
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="i-hint"
          className={`${deskInput} mt-1 max-w-md`}
        />
        <p id="i-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          JPEG, PNG or WebP, at most {MAX_UPLOAD_BYTES / 1024 / 1024} MB. It is cropped to 16:9 and saved as WebP at {IMAGE_SIZES.banner.width}×
          {IMAGE_SIZES.banner.height} (the post page) and {IMAGE_SIZES.card.width}×{IMAGE_SIZES.card.height} (lists), without its metadata (camera, place).
        </p>
        <button type="submit" className={`${deskPrimary} mt-3`}>
          Upload
        </button>
      </Form>
      <DeskTable
        caption="Uploaded images, newest first"
        columns={columns}
        rows={images}
        empty="No images uploaded yet."
        frame="overflow-auto rounded-md border border-slate-300 dark:border-slate-600"
      />
    </div>
  );
}
