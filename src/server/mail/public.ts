/** What other areas of the server may use of mail: sending one of the templates, and claiming a pending delivery. */
export { claimMailDelivery, MAIL_RETRY_AFTER_MS, type MailDeliveryTable } from './delivery';
export { mailTo, sendEachDue, sendMail, type MailRecipient } from './mailer';
export { escapeHtml, renderMail, type MailMessage, type MailTemplate } from './templates';
