import type { ThreadMessage } from "../thread.server";
import { Conversation } from "./conversation";
import { type Compose, type MailAnswer, WriteMail } from "./write-mail";

/**
 * The conversation part of a lead's or a contact's page: the thread of e-mails sent and
 * received, then the form that writes the next one. `answer` is the page action's answer
 * to a send (a refusal gives back what was typed).
 */
export function ConversationSection({
  messages,
  compose,
  answer,
  busy,
  leadNames,
}: {
  messages: ThreadMessage[];
  compose: Compose | null;
  answer: unknown;
  busy: boolean;
  leadNames?: Record<number, string>;
}) {
  const sent = answer as MailAnswer | undefined;
  return (
    <>
      <Conversation messages={messages} leadNames={leadNames} />
      {compose ? <WriteMail compose={compose} busy={busy} typed={sent?.mail ?? null} errors={sent?.mailErrors ?? null} version={messages.length} /> : null}
    </>
  );
}
