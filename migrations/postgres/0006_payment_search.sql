-- Search finds any part of a payment's description, in any case, through a trigram index, as it does
-- a time log's (0001): a search of three letters or more reads the index's few matches, not every
-- payment. SQLite reads the descriptions' own b-tree index (payments_description_idx) instead.
CREATE INDEX "payments_description_trgm_idx" ON "payments" USING gin ("description" gin_trgm_ops);
