ALTER TABLE "hidden_bibs" ADD COLUMN "request_id" bigint;--> statement-breakpoint
ALTER TABLE "hidden_faces" ADD COLUMN "request_id" bigint;--> statement-breakpoint
ALTER TABLE "hidden_bibs" ADD CONSTRAINT "hidden_bibs_request_id_hide_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hide_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_faces" ADD CONSTRAINT "hidden_faces_request_id_hide_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hide_requests"("id") ON DELETE cascade ON UPDATE no action;