/** What other areas of the server may use of mail: sending one of the templates. */
export { sendMail } from './mailer';
export { escapeHtml, renderMail, type MailMessage, type MailTemplate } from './templates';
