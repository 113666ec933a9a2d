CREATE INDEX "orders_client_ip_idx" ON "orders" USING btree ("client_ip");--> statement-breakpoint
CREATE INDEX "orders_identify_code_idx" ON "orders" USING btree ("identify_code");--> statement-breakpoint
CREATE INDEX "orders_ifsc_idx" ON "orders" USING btree ("ifsc_code");--> statement-breakpoint
CREATE INDEX "orders_amount_idx" ON "orders" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "orders_received_idx" ON "orders" USING btree ("received_amount");--> statement-breakpoint
CREATE INDEX "orders_type_created_idx" ON "orders" USING btree ("order_type","created_at");--> statement-breakpoint
CREATE INDEX "orders_mark_created_idx" ON "orders" USING btree ("mark","created_at");--> statement-breakpoint
CREATE INDEX "orders_supplemented_created_idx" ON "orders" USING btree ("supplemented","created_at");--> statement-breakpoint
CREATE INDEX "orders_supplement_type_idx" ON "orders" USING btree ("supplement_type","created_at") WHERE supplement_type is not null;--> statement-breakpoint
CREATE INDEX "orders_usdt_address_idx" ON "orders" USING btree ("usdt_address") WHERE usdt_address is not null;--> statement-breakpoint
CREATE INDEX "orders_usdt_count_idx" ON "orders" USING btree ("usdt_count") WHERE usdt_count is not null;--> statement-breakpoint
CREATE INDEX "orders_batch_idx" ON "orders" USING btree ("batch_id","created_at") WHERE batch_id is not null;--> statement-breakpoint
CREATE INDEX "orders_payout_status_idx" ON "orders" USING btree ("payout_status","created_at") WHERE payout_status is not null;--> statement-breakpoint
CREATE INDEX "orders_process_state_idx" ON "orders" USING btree ("process_state","created_at") WHERE process_state is not null;--> statement-breakpoint
CREATE INDEX "orders_description_prefix_idx" ON "orders" USING btree (lower("description") text_pattern_ops) WHERE description is not null;--> statement-breakpoint
CREATE INDEX "orders_verify_name_prefix_idx" ON "orders" USING btree (lower("validate_user_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_user_name_prefix_idx" ON "orders" USING btree (lower("user_name") text_pattern_ops);