import { Link } from "react-router";
import { kindLabels, POST_KINDS, POST_LIMITS } from "~/features/content/post-desk";
import { deskInput, deskLabel, deskLink, Field } from "~/ui/desk/ui";
import { BannerUpload } from "./banner-upload";
import { BodyImage } from "./body-image";

const hint = "mt-1 text-xs text-slate-600 dark:text-slate-400";

interface Props {
  values: Record<string, string>;
  isNew: boolean;
  id: string;
  images: { value: string; label: string }[];
}

/** The post's fields: kind, address, title, subtitle, body, image, dates and links. */
export function PostFields({ values, isNew, id, images }: Props) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="f-kind" label="Kind">
          <select id="f-kind" name="kind" defaultValue={values.kind} className={deskInput}>
            {POST_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </select>
        </Field>
        {isNew ? (
          <div>
            <label htmlFor="f-id" className={deskLabel}>
              Address (optional)
            </label>
            <input id="f-id" name="id" defaultValue={values.id} maxLength={POST_LIMITS.id} aria-describedby="f-id-hint" className={`${deskInput} mt-1`} />
            <p id="f-id-hint" className={hint}>
              /blogdetail/… — lower-case words joined by hyphens; made from the title when empty. It never changes once saved.
            </p>
          </div>
        ) : (
          <input type="hidden" name="id" value={id} />
        )}
      </div>
      <div>
        <label htmlFor="f-title" className={deskLabel}>
          Title
        </label>
        <input
          id="f-title"
          name="title"
          required
          defaultValue={values.title}
          maxLength={POST_LIMITS.title}
          aria-describedby="f-title-hint"
          className={`${deskInput} mt-1`}
        />
        <p id="f-title-hint" className={hint}>
          At most {POST_LIMITS.title} characters.
        </p>
      </div>
      <div>
        <label htmlFor="f-sub" className={deskLabel}>
          Subtitle
        </label>
        <textarea
          id="f-sub"
          name="subTitle"
          rows={2}
          defaultValue={values.subTitle}
          maxLength={POST_LIMITS.subTitle}
          aria-describedby="f-sub-hint"
          className={`${deskInput} mt-1`}
        />
        <p id="f-sub-hint" className={hint}>
          At most {POST_LIMITS.subTitle} characters; lists show the first 121.
        </p>
      </div>
      <div>
        <label htmlFor="f-body" className={deskLabel}>
          Body (Markdown)
        </label>
        <textarea
          id="f-body"
          name="body"
          rows={16}
          defaultValue={values.body}
          maxLength={POST_LIMITS.body}
          aria-describedby="f-body-hint"
          className={`${deskInput} mt-1 font-mono`}
        />
        <p id="f-body-hint" className={hint}>
          At most {POST_LIMITS.body.toLocaleString("en-US")} characters. ## headings, lists, &gt; quotes, **bold**, [links](/faq), ![alt text](/media/…) images
          (alt text required). Raw HTML shows as text. A draft may leave the subtitle, body and image empty.
        </p>
        <BodyImage bodyId="f-body" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="f-image" className={deskLabel}>
            Image
          </label>
          <select id="f-image" name="image" defaultValue={values.image} aria-describedby="f-image-hint" className={`${deskInput} mt-1`}>
            <option value="">No banner (Fillway's own picture)</option>
            {images.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <p id="f-image-hint" className={hint}>
            The post's banner, cropped to 16:9. Without one, the post and the lists show Fillway's own picture. All uploads are on the{" "}
            <Link className={deskLink} to="/desk/images">
              images page
            </Link>
            .
          </p>
          <BannerUpload selectId="f-image" />
        </div>
        <div>
          <label htmlFor="f-image-alt" className={deskLabel}>
            Image alt text
          </label>
          <input
            id="f-image-alt"
            name="imageAlt"
            defaultValue={values.imageAlt}
            maxLength={POST_LIMITS.title}
            aria-describedby="f-image-alt-hint"
            className={`${deskInput} mt-1`}
          />
          <p id="f-image-alt-hint" className={hint}>
            What the image shows, for people who cannot see it. Required with an image.
          </p>
        </div>
        <Field id="f-date" label="Date (an event's date)">
          <input id="f-date" name="date" type="date" required defaultValue={values.date} className={deskInput} />
        </Field>
        <Field id="f-shown" label="Shown date (optional, instead of the date)">
          <input id="f-shown" name="publishedBy" type="date" defaultValue={values.publishedBy} className={deskInput} />
        </Field>
        <div>
          <label htmlFor="f-article" className={deskLabel}>
            Article URL (related articles)
          </label>
          <input
            id="f-article"
            name="articleUrl"
            type="url"
            defaultValue={values.articleUrl}
            maxLength={2000}
            placeholder="https://"
            className={`${deskInput} mt-1`}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="f-video" className={deskLabel}>
            Video (optional)
          </label>
          <input id="f-video" name="video" type="url" defaultValue={values.video} aria-describedby="f-video-hint" className={`${deskInput} mt-1`} />
          <p id="f-video-hint" className={hint}>
            https://www.youtube-nocookie.com/embed/… or https://player.vimeo.com/video/…; shown instead of the image.
          </p>
        </div>
      </div>
    </>
  );
}
