-- Caja: every installation starts with one cash box.
INSERT INTO "cash_boxes" ("name") VALUES ('Caja general') ON CONFLICT DO NOTHING;
