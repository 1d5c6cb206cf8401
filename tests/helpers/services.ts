import type { Db } from "../../app/platform/db/db.server";
import type { Env } from "../../app/platform/env.server";
import type { Logger } from "../../app/platform/logger.server";
import { startOutbox } from "../../app/platform/outbox/worker.server";
import type { Services } from "../../app/platform/services.server";
import { outboxMessages } from "../../app/server/messages.server";

/** Services for a test that serves requests: the site's messages in a paused outbox (written, never delivered). */
export function testServices(parts: { env: Env; db: Db; log: Logger }): Services {
  return { ...parts, outbox: startOutbox({ ...parts, messages: outboxMessages, paused: true }) };
}
