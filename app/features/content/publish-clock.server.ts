import type { Kysely } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";

/**
 * The part of the content version that moves when a scheduled post's time passes, with
 * no write at that moment: the latest publish time already passed. It is re-read (two
 * index lookups on posts.publish_at) only when the stored content changed or when the
 * next known publish time is reached, so a request normally pays one comparison.
 */
export function publishClock(kysely: Kysely<Database>, now: () => Date = () => new Date()) {
  let seen: string | undefined;
  let mark = "";
  let next: string | null = null;
  let loading: Promise<void> | null = null;

  async function load(at: string) {
    const [passed, coming] = await Promise.all([
      kysely
        .selectFrom("posts")
        .select((eb) => eb.fn.max("publish_at").as("t"))
        .where("publish_at", "<=", at)
        .executeTakeFirst(),
      kysely
        .selectFrom("posts")
        .select((eb) => eb.fn.min("publish_at").as("t"))
        .where("publish_at", ">", at)
        .executeTakeFirst(),
    ]);
    mark = passed?.t ?? "";
    next = coming?.t ?? null;
  }

  /** `base` is the store's own version (a commit, the table statistics); the result adds to it. */
  return async function version(base: string): Promise<string> {
    const at = now().toISOString();
    if (base !== seen || (next !== null && at >= next)) {
      seen = base;
      loading ??= load(at).finally(() => {
        loading = null;
      });
      await loading;
    }
    return `${base}/${mark}`;
  };
}

const clocks = new WeakMap<Db, (base: string) => Promise<string>>();

/**
 * The content's version: the store's own (any commit, on any instance) and the last
 * publish time already passed, so a scheduled post's time moves it with no write. The
 * page cache renders the content's pages again when it moves (cache-rules.ts).
 */
export async function contentVersion(db: Db): Promise<string> {
  let clock = clocks.get(db);
  if (!clock) {
    clock = publishClock(db.kysely);
    clocks.set(db, clock);
  }
  return clock(await db.contentVersion());
}
