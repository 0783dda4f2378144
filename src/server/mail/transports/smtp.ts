import nodemailer from 'nodemailer';
import type { TransportDefinition } from './types';

/** Real delivery through the SMTP server named by SMTP_URL (smtp://, smtps://, with credentials in the URL). */
export const smtpTransport: TransportDefinition = {
  name: 'smtp',
  selects: (config) => Boolean(config.smtpUrl),
  create: ({ config }) => {
    const transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (message) => {
        await transporter.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
      close: async () => transporter.close(),
    };
  },
};
