CREATE TABLE "activities" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"company_id" text COLLATE "C" NOT NULL,
	"activity_type" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"hundredths" integer NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"time_stamp" bigint NOT NULL,
	"invoice_id" text COLLATE "C",
	"time_log_id" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"company_name" text COLLATE "C" NOT NULL,
	"company_address" text COLLATE "C" DEFAULT '' NOT NULL,
	"company_phone" text COLLATE "C" DEFAULT '' NOT NULL,
	"website" text COLLATE "C" DEFAULT '' NOT NULL,
	"project_description" text COLLATE "C" DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"balance_hundredths" integer DEFAULT 0 NOT NULL,
	"pending_hundredths" integer DEFAULT 0 NOT NULL,
	"open_tasks" integer DEFAULT 0 NOT NULL,
	"low_balance_hundredths" integer,
	"balance_alert" text COLLATE "C",
	"running_low_emailed_at" bigint,
	"negative_emailed_at" bigint
);
--> statement-breakpoint
CREATE TABLE "invoice_number_sequence" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"invoice_number" text COLLATE "C" NOT NULL,
	"company_id" text COLLATE "C" NOT NULL,
	"package_id" text COLLATE "C",
	"description" text COLLATE "C" NOT NULL,
	"hundredths" integer DEFAULT 0 NOT NULL,
	"rate_cents" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"selected_payment_method" text COLLATE "C" DEFAULT '' NOT NULL,
	"status" text COLLATE "C" DEFAULT '' NOT NULL,
	"complete_status" boolean DEFAULT false NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"send_invoice_email" boolean DEFAULT true NOT NULL,
	"transaction_date" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"to_addresses" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C" NOT NULL,
	"text_body" text COLLATE "C" NOT NULL,
	"html_body" text COLLATE "C" NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"last_error" text COLLATE "C",
	"created_at" bigint NOT NULL,
	"sent_at" bigint,
	"clear_after_send" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"description" text COLLATE "C" NOT NULL,
	"hundredths" integer DEFAULT 0 NOT NULL,
	"rate_cents" integer DEFAULT 100000 NOT NULL,
	"company_id" text COLLATE "C",
	"start_date" bigint NOT NULL,
	"end_date" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"purpose" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"revoked_at" bigint
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"invoice_id" text COLLATE "C" NOT NULL,
	"company_id" text COLLATE "C" NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"status" text COLLATE "C" DEFAULT 'completed' NOT NULL,
	"method" text COLLATE "C" DEFAULT '' NOT NULL,
	"payment_date" bigint NOT NULL,
	"transaction_id" text COLLATE "C" DEFAULT '' NOT NULL,
	"send_email" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"secret_hash" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"value" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_history" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"task_id" text COLLATE "C" NOT NULL,
	"changed_field" text COLLATE "C" NOT NULL,
	"old_value" text COLLATE "C",
	"new_value" text COLLATE "C",
	"user_id" text COLLATE "C",
	"creation_date" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"company_id" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"creation_date" bigint NOT NULL,
	"time_stamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_logs" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"company_id" text COLLATE "C" NOT NULL,
	"task_id" text COLLATE "C",
	"time_stamp" bigint NOT NULL,
	"hundredths" integer NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"user_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"secret_cipher" text COLLATE "C" NOT NULL,
	"enabled_at" bigint,
	"last_used_step" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"code_hash" text COLLATE "C" NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"company_id" text COLLATE "C",
	"first_name" text COLLATE "C" NOT NULL,
	"last_name" text COLLATE "C" NOT NULL,
	"email_address" text COLLATE "C" NOT NULL,
	"mobile" text COLLATE "C" DEFAULT '' NOT NULL,
	"role" text COLLATE "C" DEFAULT 'admin' NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"password_hash" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_time_log_id_time_logs_id_fk" FOREIGN KEY ("time_log_id") REFERENCES "public"."time_logs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_hours_idx" ON "activities" USING btree ("company_id","status","activity_type","hundredths");--> statement-breakpoint
CREATE INDEX "activities_timeline_idx" ON "activities" USING btree ("company_id","time_stamp","created_at","id","status","activity_type","hundredths");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_invoice_unique" ON "activities" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_time_log_unique" ON "activities" USING btree ("time_log_id");--> statement-breakpoint
CREATE INDEX "companies_name_nocase_idx" ON "companies" USING btree (lower("company_name"));--> statement-breakpoint
CREATE INDEX "companies_balance_idx" ON "companies" USING btree ("balance_hundredths");--> statement-breakpoint
CREATE INDEX "companies_open_tasks_idx" ON "companies" USING btree ("open_tasks");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","transaction_date");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("transaction_date");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("transaction_date") WHERE complete_status = false;--> statement-breakpoint
CREATE INDEX "invoices_hours_idx" ON "invoices" USING btree ("hundredths");--> statement-breakpoint
CREATE INDEX "invoices_price_idx" ON "invoices" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "invoices_balance_idx" ON "invoices" USING btree (("price_cents" - "paid_cents"));--> statement-breakpoint
CREATE INDEX "invoices_description_idx" ON "invoices" USING btree ("description");--> statement-breakpoint
CREATE INDEX "invoices_method_idx" ON "invoices" USING btree ("selected_payment_method");--> statement-breakpoint
CREATE INDEX "invoices_status_text_idx" ON "invoices" USING btree ((case when "complete_status" then 'Completed' when trim("status") <> '' then trim("status") else 'Pending' end));--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "packages_company_idx" ON "packages" USING btree ("company_id","rate_cents");--> statement-breakpoint
CREATE INDEX "packages_rate_idx" ON "packages" USING btree ("rate_cents");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" USING btree ("company_id","payment_date");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount_cents");--> statement-breakpoint
CREATE INDEX "payments_method_idx" ON "payments" USING btree ("method");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_history_task_idx" ON "task_history" USING btree ("task_id","creation_date");--> statement-breakpoint
CREATE INDEX "tasks_open_idx" ON "tasks" USING btree ("company_id","done","deleted","priority");--> statement-breakpoint
CREATE INDEX "tasks_open_all_idx" ON "tasks" USING btree ("done","deleted","priority");--> statement-breakpoint
CREATE INDEX "time_logs_company_idx" ON "time_logs" USING btree ("company_id","time_stamp");--> statement-breakpoint
CREATE INDEX "time_logs_time_idx" ON "time_logs" USING btree ("time_stamp");--> statement-breakpoint
CREATE INDEX "time_logs_time_hours_idx" ON "time_logs" USING btree ("time_stamp","hundredths");--> statement-breakpoint
CREATE INDEX "time_logs_hours_idx" ON "time_logs" USING btree ("hundredths");--> statement-breakpoint
CREATE INDEX "time_logs_description_idx" ON "time_logs" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_user_idx" ON "two_factor_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email_address"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree ("company_id",lower("first_name"),lower("last_name"));--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_awaiting_idx" ON "users" USING btree ("created_at") WHERE approved = false;