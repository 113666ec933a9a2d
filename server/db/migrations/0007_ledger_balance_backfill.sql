-- Backfill ledger_entries.balance_after for the rows written before the column existed: the
-- running balance of each member's account (member or frozen) in row order. Platform rows keep null.
UPDATE "ledger_entries" AS e
SET "balance_after" = r."running"
FROM (
  SELECT "id", sum("amount") OVER (PARTITION BY "user_id", "account" ORDER BY "id") AS "running"
  FROM "ledger_entries"
  WHERE "user_id" IS NOT NULL
) AS r
WHERE e."id" = r."id" AND e."balance_after" IS NULL;
