import type { DeskScreen } from "../staff/desk-screen";

const EDITORS = ["admin", "editor"] as const;

/** The content feature's desk screens: posts and their editor, images, comments. */
export const contentScreens: DeskScreen[] = [
  { path: "posts", file: "features/content/routes/desk/posts.tsx", access: EDITORS, readOnly: true, nav: { label: "Posts", order: 30 } },
  { path: "posts/image", file: "features/content/routes/desk/post-image.ts", access: EDITORS },
  { path: "posts/preview", file: "features/content/routes/desk/post-preview.ts", access: EDITORS },
  // "new" is the editor of a post not yet saved (no post has that address).
  { path: "posts/:id", file: "features/content/routes/desk/post-edit.tsx", access: EDITORS },
  { path: "posts/:id/autosave", file: "features/content/routes/desk/post-autosave.ts", access: EDITORS },
  { path: "posts/:id/markdown", file: "features/content/routes/desk/post-markdown.ts", access: EDITORS, readOnly: true },
  // A signed link to a draft's preview, for anyone who has it (preview-link.server.ts).
  { path: "preview/:token", file: "features/content/routes/desk/post-share.tsx", access: "public", readOnly: true },
  { path: "images", file: "features/content/routes/desk/images.tsx", access: EDITORS, nav: { label: "Images", order: 40 } },
  { path: "comments", file: "features/content/routes/desk/comments.tsx", access: EDITORS, nav: { label: "Comments", order: 50 } },
];
