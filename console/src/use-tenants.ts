// The tenants an admin can pick from (GET /tenants), with the first one chosen.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";

export interface Tenant {
  id: string;
  name: string;
}

export function useTenants() {
  const [tenants, setTenants] = useState<Tenant[]>([]);
  const [tenantId, setTenantId] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<Tenant[]>("GET", "/tenants")
      .then((rows) => {
        setTenants(rows);
        if (rows[0]) setTenantId(rows[0].id);
      })
      .catch(() => setError("Tenants could not be loaded."));
  }, []);
  return { tenants, tenantId, setTenantId, error };
}
