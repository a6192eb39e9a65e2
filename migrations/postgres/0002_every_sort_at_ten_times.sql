CREATE INDEX "payments_description_idx" ON "payments" USING btree ("description");--> statement-breakpoint
CREATE INDEX "tasks_open_title_idx" ON "tasks" USING btree ("done","deleted","title");--> statement-breakpoint
CREATE INDEX "tasks_open_description_idx" ON "tasks" USING btree ("done","deleted","description");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree (lower("first_name"),lower("last_name"));--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");