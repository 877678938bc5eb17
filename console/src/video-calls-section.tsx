// The session's video calls as the reviewer sees them: status, verdict and reason, length, the agent's
// screenshots and the recording (the console's media route), with a link to the call page while it is open.
import { consoleMediaUrl } from "./api.js";
import { dateTime, label } from "./format.js";
import { onLinkClick, videoCallPath } from "./router.js";
import type { SessionDetail } from "./session-types.js";

interface CallEntry {
  id: string;
  status: string;
  verdict: string | null;
  verdict_reason: string | null;
  duration_s: number | null;
  recording_status: string | null;
  recording_url: string | null;
  screenshots: { label: string; captured_at: string; url: string }[];
}

export function VideoCalls({ session, tenantId }: { session: SessionDetail; tenantId: string }) {
  const calls = (session.decision_v3.video_calls ?? []) as unknown as CallEntry[];
  if (calls.length === 0) return null;
  return (
    <section class="card" aria-labelledby="video-calls-title">
      <h2 id="video-calls-title">Video calls</h2>
      {calls.map((call) => {
        const recording = consoleMediaUrl(tenantId, call.recording_url);
        return (
          <div key={call.id}>
            <p>
              <a href={videoCallPath(tenantId, call.id)} onClick={onLinkClick}>
                {label(call.status)}
              </a>
              {call.verdict && ` · verdict ${call.verdict}`}
              {call.verdict_reason && ` (${label(call.verdict_reason)})`}
              {call.duration_s !== null && ` · ${call.duration_s} s`}
              {call.recording_status && ` · recording ${call.recording_status}`}
              {recording && (
                <>
                  {" "}
                  · <a href={recording}>download</a>
                </>
              )}
            </p>
            {call.screenshots.length > 0 && (
              <div class="video-row">
                {call.screenshots.map((shot) => (
                  <figure key={shot.url}>
                    <img
                      src={consoleMediaUrl(tenantId, shot.url) ?? ""}
                      alt={label(shot.label)}
                      width={160}
                    />
                    <figcaption>
                      {label(shot.label)} · {dateTime(shot.captured_at)}
                    </figcaption>
                  </figure>
                ))}
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
