-- Funds saved before the pipeline existed: their pipeline last changed when they were saved.
UPDATE "saved_funds" SET "updated_at" = "created_at";
