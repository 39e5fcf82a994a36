/** One e-mail as the product sends it: plain text and HTML, with the links it carries for logs and tests. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Links in the message (verification, reset), logged by the outbox driver: never a name or an address in them. */
  readonly links?: readonly string[];
  /** What kind of message this is, e.g. `verify-email`, `reset-password`. */
  readonly kind: string;
  /** Extra header lines, e.g. `List-Unsubscribe` on reminders. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface SentMail {
  readonly messageId: string;
}

/** The mail port: every driver sends a message or throws. */
export interface Mailer {
  readonly driver: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}
