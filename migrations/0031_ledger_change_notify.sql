-- On the embedded database the pages of a tenant's credit ledger are cached in the one process that owns it
-- (platform/credits/ledger-page-cache.ts). This trigger announces, when the transaction commits, whose
-- ledger a change touched — a debit, a top-up, a refund, a deleted tenant's rows, SQL by hand — on the
-- channel `kyc_ledger_changed`; payload the tenant id, or '' (everything) for a TRUNCATE.
-- Only a connection that set `kyc.notify_ledger_changes` to `on` notifies (the PGlite process sets it on its
-- one connection); on a PostgreSQL server nothing sets it, nothing is cached, and no write pays a NOTIFY.
CREATE OR REPLACE FUNCTION kyc_ledger_changed() RETURNS trigger AS $$
BEGIN
  IF current_setting('kyc.notify_ledger_changes', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('kyc_ledger_changed', '');
    RETURN NULL;
  END IF;
  -- Identical payloads in one transaction are delivered once, so naming both rows' tenants costs nothing.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('kyc_ledger_changed', OLD.tenant_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('kyc_ledger_changed', NEW.tenant_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER credit_ledger_changed AFTER INSERT OR UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION kyc_ledger_changed();
CREATE TRIGGER credit_ledger_truncated AFTER TRUNCATE ON credit_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_ledger_changed();
