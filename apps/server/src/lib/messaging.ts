import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { devOutbox } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { ErrorCode } from '@localloop/contract';

export type OutgoingMessage = {
  to: string;
  channel: 'email' | 'sms';
  subject: string | null;
  body: string;
  /** The one-time code in the message, kept apart in the dev outbox so a person can copy it. */
  code?: string;
};

/**
 * Delivery of e-mail and SMS. Sent inside the caller's transaction, a failed delivery rolls it back, so no code exists
 * that nobody received; sent after the answer (see lib/background.ts), `db` is the plain handle.
 */
export type Messenger = {
  send(db: Db | Tx, message: OutgoingMessage): Promise<void>;
  /** Whether a channel has anywhere to go (a transport, or the dev outbox); asked before a code is made. */
  canDeliver(channel: OutgoingMessage['channel']): boolean;
};

type Transport = (message: OutgoingMessage) => Promise<void>;

export function createMessenger(config: Pick<Config, 'mail' | 'sms' | 'devOutbox'>): Messenger {
  const email = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from) : null;
  const sms = config.sms ? httpSmsTransport(config.sms) : null;
  return {
    canDeliver: (channel) => Boolean(channel === 'email' ? email : sms) || config.devOutbox,
    async send(db, message) {
      const transport = message.channel === 'email' ? email : sms;
      if (transport) return deliver(transport, message);
      if (!config.devOutbox) {
        throw new AppError(ErrorCode.unavailable, 'We cannot send messages right now. Please try again later.');
      }
      await db.insert(devOutbox).values({
        to: message.to,
        channel: message.channel,
        subject: message.subject,
        body: message.body,
        code: message.code ?? null,
      });
    },
  };
}

async function deliver(transport: Transport, message: OutgoingMessage) {
  try {
    await transport(message);
  } catch (cause) {
    throw Object.assign(
      new AppError(ErrorCode.unavailable, `We could not send the ${message.channel === 'email' ? 'e-mail' : 'text message'}. Please try again shortly.`),
      { cause },
    );
  }
}

function smtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return async (m) => {
    await transporter.sendMail({ from, to: m.to, subject: m.subject ?? 'LocalLoop', text: m.body });
  };
}

/** A generic HTTP SMS provider: POST {to, from, body} as JSON with a bearer token; any 2xx is sent. */
function httpSmsTransport(sms: { url: string; token: string; from: string }): Transport {
  return async (m) => {
    const res = await fetch(sms.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sms.token}` },
      body: JSON.stringify({ to: m.to, from: sms.from, body: m.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  };
}
