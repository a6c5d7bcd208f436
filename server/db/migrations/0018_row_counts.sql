CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- Kept by statement-level triggers: one update of the counter per statement, however many rows it wrote.
CREATE FUNCTION erp_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No user may be added between the count and the triggers (another process still running the old version).
LOCK TABLE "users" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "n") SELECT 'users', count(*) FROM "users";
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_row_count();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_row_count();
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION erp_row_count();
