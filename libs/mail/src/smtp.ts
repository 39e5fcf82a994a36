import nodemailer from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mail';

/** Sends through an SMTP server: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export class SmtpMailer implements Mailer {
  readonly driver = 'smtp' as const;
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    options: { tls?: { rejectUnauthorized?: boolean } } = {},
  ) {
    this.transport = nodemailer.createTransport(smtpUrl, options.tls ? { tls: options.tls } : undefined);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    return { messageId: String(info.messageId) };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
