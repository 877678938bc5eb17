-- Every process caches API-key lookups briefly (platform/auth/api-key-cache.ts). A revoked key, a re-keyed
-- row or a suspended tenant must fail at once on every node: these triggers announce the change on the
-- channel `kyc_auth_changed` when the transaction commits (NOTIFY is transactional), whichever code path
-- (CLI, console, SQL by hand) made it. Payload: `key:<key_hash>` or `tenant:<tenant id>`.
CREATE OR REPLACE FUNCTION kyc_api_key_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('kyc_auth_changed', 'key:' || OLD.key_hash);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER api_keys_auth_changed
  AFTER UPDATE OF revoked_at, key_hash, tenant_id, test OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION kyc_api_key_changed();

CREATE OR REPLACE FUNCTION kyc_tenant_auth_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('kyc_auth_changed', 'tenant:' || OLD.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tenants_auth_changed
  AFTER UPDATE OF status OR DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION kyc_tenant_auth_changed();
