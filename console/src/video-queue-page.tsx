// The agents' queue of video calls across tenants, oldest first, refreshed every few seconds: take a waiting
// call (it rings on the applicant's page) and open its call page; calls this operator took reopen there.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api.js";
import { ageSince } from "./format.js";
import { navigate, videoCallPath } from "./router.js";

interface OpenCall {
  id: string;
  tenant_id: string;
  tenant_name: string;
  session_id: string;
  vendor_data: string | null;
  locale: string;
  status: "waiting" | "ringing" | "active";
  created_at: string;
  taken: boolean;
  taken_by_me: boolean;
}

export function VideoQueuePage() {
  const [calls, setCalls] = useState<OpenCall[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const load = () =>
      api<OpenCall[]>("GET", "/video-calls")
        .then((rows) => {
          if (!current) return;
          setCalls(rows);
          setError(null);
        })
        .catch((e: unknown) => {
          if (current) setError(e instanceof ApiError ? e.detail : "failed");
        });
    load();
    const timer = setInterval(load, 3000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);

  const take = async (call: OpenCall) => {
    try {
      await api("POST", `/tenants/${call.tenant_id}/video-calls/${call.id}/take`);
      navigate(videoCallPath(call.tenant_id, call.id));
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "failed");
    }
  };

  return (
    <section>
      <h1>Video calls</h1>
      {error && <p role="alert">Could not load or take the call: {error}</p>}
      {calls === null ? (
        <p>Loading…</p>
      ) : calls.length === 0 ? (
        <p>No applicant is waiting.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Tenant</th>
              <th>Vendor data</th>
              <th>Language</th>
              <th>Status</th>
              <th>Waiting</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => (
              <tr key={call.id} data-call={call.id}>
                <td>{call.tenant_name}</td>
                <td>{call.vendor_data ?? "—"}</td>
                <td>{call.locale}</td>
                <td>{call.taken && !call.taken_by_me ? `${call.status} (another agent)` : call.status}</td>
                <td>{ageSince(call.created_at)}</td>
                <td>
                  {call.status === "waiting" && (
                    <button type="button" onClick={() => void take(call)}>
                      Take call
                    </button>
                  )}
                  {call.taken_by_me && (
                    <button type="button" onClick={() => navigate(videoCallPath(call.tenant_id, call.id))}>
                      Open
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
