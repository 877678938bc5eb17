// What a page's last change did. run() clears the line, makes the change, reloads the page's rows, and then
// says so: the `done` sentence (or the string the change returned), or the server's refusal.
import { useState } from "preact/hooks";
import { problem } from "./tenant-picker.js";

export interface Outcome {
  ok: boolean;
  text: string;
}

export function useOutcome(reload: () => Promise<unknown>) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  async function run(change: () => Promise<unknown>, done?: string): Promise<void> {
    setOutcome(null);
    try {
      const said = await change();
      const text = (typeof said === "string" && said) || done;
      if (text) setOutcome({ ok: true, text });
      await reload();
    } catch (failure) {
      setOutcome({ ok: false, text: problem(failure, "The change was refused.") });
    }
  }
  return { outcome, setOutcome, run };
}

export function OutcomeLine(props: { outcome: Outcome | null }) {
  if (!props.outcome) return null;
  return (
    <p class={props.outcome.ok ? "ok" : "error"} role={props.outcome.ok ? "status" : "alert"}>
      {props.outcome.text}
    </p>
  );
}
