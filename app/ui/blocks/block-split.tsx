import type { ReactNode } from "react";
import { MediaSplit } from "~/ui/widgets/media-split";
import type { Block } from "~/copy/pages/types";
import { CheckList } from "./check-list";
import { Paragraphs } from "./paragraphs";

/** A content-module block (paragraphs, optional checklist, illustration) as a media split. */
export function BlockSplit({
  block,
  reverse,
  tone,
  actions,
  id,
}: {
  block: Block;
  reverse?: boolean;
  tone?: "plain" | "muted";
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <MediaSplit
      id={id}
      eyebrow={block.eyebrow}
      title={block.title}
      image={block.image}
      reverse={reverse}
      tone={tone}
      actions={actions}
      body={
        <>
          <Paragraphs text={block.paragraphs} />
          {block.bullets && <CheckList items={block.bullets} className="pt-2 text-base text-slate-700 dark:text-slate-300" />}
        </>
      }
    />
  );
}
