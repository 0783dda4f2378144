-- 0001-meta up
create table "meta" ("key" text primary key, "value" text not null, "updated_at" text not null);
insert into "meta" ("key", "value", "updated_at") values (?, ?, ?);
-- on PostgreSQL: insert into "meta" ("key", "value", "updated_at") values ($1, $2, $3);
-- 0001-meta down
drop table "meta";
-- 0020-accounts up
create table "profiles" ("id" text primary key, "title" text, "given_names" text not null, "family_name" text not null, "email" text not null unique, "mobile_country" text not null, "mobile_number" text not null, "password_hash" text not null, "email_verified" integer default 0 not null, "language" text not null, "created_at" text not null, "updated_at" text not null);
create table "auth_sessions" ("id" text primary key, "profile_id" text not null references "profiles" ("id") on delete cascade, "created_at" text not null, "revoked_at" text, "revoked_reason" text);
create index "auth_sessions_profile_idx" on "auth_sessions" ("profile_id");
create table "refresh_tokens" ("token_hash" text primary key, "session_id" text not null references "auth_sessions" ("id") on delete cascade, "created_at" text not null, "expires_at" text not null, "rotated_at" text);
create index "refresh_tokens_session_idx" on "refresh_tokens" ("session_id");
create table "email_keys" ("id" text primary key, "profile_id" text not null references "profiles" ("id") on delete cascade, "purpose" text not null, "kind" text not null, "key_hash" text not null, "created_at" text not null, "expires_at" text not null, "used_at" text, "attempts" integer default 0 not null);
create index "email_keys_hash_idx" on "email_keys" ("key_hash");
create index "email_keys_profile_idx" on "email_keys" ("profile_id", "purpose", "kind");
create table "throttle_events" ("id" text primary key, "bucket" text not null, "occurred_at" text not null);
create index "throttle_events_bucket_idx" on "throttle_events" ("bucket", "occurred_at");
-- 0020-accounts down
drop table "throttle_events";
drop table "email_keys";
drop table "refresh_tokens";
drop table "auth_sessions";
drop table "profiles";
-- 0021-dev-mailbox up
create table "dev_mailbox" ("id" text primary key, "recipient" text not null, "subject" text not null, "text_body" text not null, "html_body" text not null, "created_at" text not null);
create index "dev_mailbox_recipient_idx" on "dev_mailbox" ("recipient", "id");
-- 0021-dev-mailbox down
drop table "dev_mailbox";
-- 0030-applications up
create table "applications" ("id" text primary key, "profile_id" text not null references "profiles" ("id") on delete cascade, "application_type" text not null, "applying_for" text not null, "status" text not null, "created_at" text not null, "updated_at" text not null);
create index "applications_profile_idx" on "applications" ("profile_id", "created_at");
create table "applicants" ("id" text primary key, "application_id" text not null references "applications" ("id") on delete cascade, "position" integer not null, "is_account_holder" integer not null, "relationship" text, "given_names" text not null, "family_name" text not null, "date_of_birth" text not null, "nationality" text not null, "passport_country" text not null, "passport_number" text not null, "status" text not null, "current_step" text not null, "valid_until" text, "created_at" text not null, "updated_at" text not null);
create index "applicants_application_idx" on "applicants" ("application_id", "position");
create index "applicants_passport_idx" on "applicants" ("passport_country", "passport_number");
create table "applicant_answers" ("applicant_id" text not null references "applicants" ("id") on delete cascade, "form_id" text not null, "answers" text not null, "last_page" text, "complete" integer not null, "updated_at" text not null, constraint "applicant_answers_pk" primary key ("applicant_id", "form_id"));
-- 0030-applications down
drop table "applicant_answers";
drop table "applicants";
drop table "applications";
-- 0040-capture-sessions up
create table "capture_sessions" ("id" text primary key, "token_hash" text not null unique, "applicant_id" text not null references "applicants" ("id") on delete cascade, "profile_id" text not null references "profiles" ("id") on delete cascade, "status" text not null, "capture_type" text not null, "failed_attempts" integer not null, "error_code" text, "device_hash" text, "created_at" text not null, "updated_at" text not null, "expires_at" text not null, "replaced_at" text, "retry_after" text);
create index "capture_sessions_applicant_idx" on "capture_sessions" ("applicant_id", "created_at");
create table "applicant_photos" ("applicant_id" text not null references "applicants" ("id") on delete cascade, "photo_type" text not null, "storage_key" text not null, "content_type" text not null, "width" integer not null, "height" integer not null, "byte_size" integer not null, "session_id" text not null, "created_at" text not null, constraint "applicant_photos_pk" primary key ("applicant_id", "photo_type"));
-- 0040-capture-sessions down
drop table "applicant_photos";
drop table "capture_sessions";
-- 0050-housekeeping-indexes up
create index "email_keys_expires_idx" on "email_keys" ("expires_at");
create index "email_keys_used_idx" on "email_keys" ("used_at");
create index "throttle_events_occurred_idx" on "throttle_events" ("occurred_at");
create index "capture_sessions_expires_idx" on "capture_sessions" ("expires_at");
create index "dev_mailbox_created_idx" on "dev_mailbox" ("created_at");
create index "applicant_photos_storage_idx" on "applicant_photos" ("storage_key");
-- 0050-housekeeping-indexes down
drop index "email_keys_expires_idx";
drop index "email_keys_used_idx";
drop index "throttle_events_occurred_idx";
drop index "capture_sessions_expires_idx";
drop index "dev_mailbox_created_idx";
drop index "applicant_photos_storage_idx";
-- 0060-form-submissions up
create table "form_submissions" ("id" text primary key, "reference" text not null unique, "form_id" text not null, "answers" text not null, "language" text not null, "profile_id" text references "profiles" ("id") on delete set null, "created_at" text not null, "mail_state" text not null, "mail_attempted_at" text);
create index "form_submissions_created_idx" on "form_submissions" ("created_at");
create index "form_submissions_mail_idx" on "form_submissions" ("mail_state", "mail_attempted_at");
-- 0060-form-submissions down
drop table "form_submissions";
-- 0070-documents up
create table "applicant_documents" ("id" text primary key, "application_id" text not null references "applications" ("id") on delete cascade, "applicant_id" text not null references "applicants" ("id") on delete cascade, "document_type" text not null, "file_name" text not null, "content_type" text not null, "byte_size" integer not null, "sha256" text not null, "storage_key" text not null, "created_at" text not null, "uploaded_at" text not null);
create index "applicant_documents_applicant_idx" on "applicant_documents" ("applicant_id", "created_at");
create index "applicant_documents_application_idx" on "applicant_documents" ("application_id");
create index "applicant_documents_storage_key_idx" on "applicant_documents" ("storage_key");
-- 0070-documents down
drop table "applicant_documents";
-- 0080-payments up
create table "payments" ("id" text primary key, "application_id" text not null references "applications" ("id") on delete cascade, "idempotency_key" text not null, "request_hash" text not null, "provider" text not null, "provider_reference" text, "redirect_url" text, "amount" integer not null, "currency" text not null, "language" text not null, "status" text not null, "failure" text, "created_at" text not null, "updated_at" text not null);
create unique index "payments_idempotency_idx" on "payments" ("application_id", "idempotency_key");
create unique index "payments_live_idx" on "payments" ("application_id") where "status" = 'PENDING';
create index "payments_application_idx" on "payments" ("application_id", "created_at");
create table "sandbox_payments" ("id" text primary key, "idempotency_key" text not null unique, "amount" integer not null, "currency" text not null, "language" text not null, "return_url" text not null, "cancel_url" text not null, "status" text not null, "failure" text, "created_at" text not null, "updated_at" text not null);
create table "payment_webhook_events" ("provider" text not null, "event_id" text not null, "received_at" text not null, constraint "payment_webhook_events_pk" primary key ("provider", "event_id"));
create table "application_submissions" ("application_id" text primary key references "applications" ("id") on delete cascade, "reference" text not null unique, "payment_id" text not null unique references "payments" ("id"), "amount" integer not null, "currency" text not null, "submitted_at" text not null, "mail_state" text not null, "mail_attempted_at" text);
create index "application_submissions_mail_idx" on "application_submissions" ("mail_state", "mail_attempted_at");
-- 0080-payments down
drop table "application_submissions";
drop table "payment_webhook_events";
drop table "sandbox_payments";
drop table "payments";
-- 0090-decisions up
create table "applicant_decisions" ("applicant_id" text primary key references "applicants" ("id") on delete cascade, "application_id" text not null references "applications" ("id") on delete cascade, "state" text not null, "due_at" text not null, "claimed_at" text, "outcome" text, "reason_codes" text not null, "rules_version" text, "decided_by" text, "decided_at" text, "document_number" text unique, "valid_from" text, "valid_until" text, "cancelled_at" text, "seal" text, "mail_state" text not null, "mail_attempted_at" text, "created_at" text not null);
create index "applicant_decisions_due_idx" on "applicant_decisions" ("state", "due_at");
create index "applicant_decisions_mail_idx" on "applicant_decisions" ("mail_state", "mail_attempted_at");
create index "applicant_decisions_application_idx" on "applicant_decisions" ("application_id");
-- 0100-payment-applicants up
create table "payment_applicants" ("payment_id" text not null references "payments" ("id") on delete cascade, "applicant_id" text not null, "position" integer not null, "fee" integer not null, "fingerprint" text not null, constraint "payment_applicants_pk" primary key ("payment_id", "applicant_id"));
create index "payment_applicants_applicant_idx" on "payment_applicants" ("applicant_id");
-- 0100-payment-applicants down
drop table "payment_applicants";
-- 0110-passport-readings up
create table "passport_readings" ("applicant_id" text primary key references "applicants" ("id") on delete cascade, "read" integer not null, "check_digits_valid" integer not null, "document_number" text, "issuing_country" text, "nationality" text, "date_of_birth" text, "date_of_expiry" text, "sex" text, "surname" text, "given_names" text, "problem" text, "read_at" text not null);
-- 0110-passport-readings down
drop table "passport_readings";
-- 0120-configuration up
create table "config_versions" ("number" integer primary key, "files" text not null, "content_hash" text not null, "published_by" text not null, "published_at" text not null, "note" text not null, "draft_id" text, "restores" integer);
create table "config_drafts" ("id" text primary key, "base_version" integer not null, "files" text not null, "created_by" text not null, "created_at" text not null, "updated_at" text not null, "note" text not null, "published_as" integer, "discarded_at" text);
create index "config_drafts_created_idx" on "config_drafts" ("created_at");
-- 0120-configuration down
drop table "config_drafts";
drop table "config_versions";
-- 0130-staff up
create table "staff_accounts" ("id" text primary key, "email" text not null unique, "password_hash" text not null, "roles" text not null, "languages" text not null, "totp_secret" text not null, "created_at" text not null, "created_by" text not null, "totp_last_step" integer, "disabled_at" text);
create table "staff_sessions" ("id" text primary key, "staff_id" text not null references "staff_accounts" ("id") on delete cascade, "created_at" text not null, "last_seen_at" text not null, "ended_at" text);
create index "staff_sessions_staff_idx" on "staff_sessions" ("staff_id");
create table "staff_audit" ("id" text primary key, "staff_id" text, "actor" text not null, "action" text not null, "subject" text not null, "detail" text not null, "at" text not null);
create index "staff_audit_at_idx" on "staff_audit" ("at");
create index "staff_audit_subject_idx" on "staff_audit" ("subject", "at");
-- 0130-staff down
drop table "staff_audit";
drop table "staff_sessions";
drop table "staff_accounts";
