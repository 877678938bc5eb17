// Edits one workflow's nodes: feature, id, enabled flag and the node's config as JSON. Saving sends the nodes to
// the server, which validates them with the same parser `kyc workflow create --file` uses; a refusal names the
// node (`nodes.<index>: …`) and is shown beside it.
import { useState } from "preact/hooks";
import { ApiError, api } from "./api.js";

export interface WorkflowNode {
  id: string;
  feature: string;
  enabled: boolean;
  config: Record<string, unknown>;
}

export interface Workflow {
  id: string;
  name: string;
  status: "draft" | "live" | "archived";
  is_default: boolean;
  nodes: WorkflowNode[];
  branding: Record<string, unknown>;
}

/** Catalog keys (spec: Workflow); the server refuses any its build cannot run, with the reason. */
const FEATURES = [
  "ID_VERIFICATION",
  "LIVENESS",
  "FACE_MATCH",
  "AML_SCREENING",
  "CONFIRM_DETAILS",
  "AGE_ESTIMATION",
  "EMAIL_VERIFICATION",
  "PHONE_VERIFICATION",
  "IP_ANALYSIS",
  "QUESTIONNAIRE",
  "NFC_VERIFICATION",
  "PROOF_OF_ADDRESS",
  "DATABASE_VALIDATION",
  "VIDEO_CALL",
];

interface DraftNode {
  id: string;
  feature: string;
  enabled: boolean;
  configText: string;
}

function toDraft(node: WorkflowNode): DraftNode {
  return { ...node, configText: JSON.stringify(node.config, null, 2) };
}

/** "nodes.2: LIVENESS: method …" → {index: 2, message: "LIVENESS: method …"}. */
function placeRefusal(detail: string): { index: number | null; message: string } {
  const match = /^nodes\.(\d+)(?:\.[\w.]+)?:\s*(.*)$/s.exec(detail);
  return match ? { index: Number(match[1]), message: match[2]! } : { index: null, message: detail };
}

export function WorkflowEditor(props: {
  tenantId: string;
  workflow: Workflow;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.workflow.name);
  const [nodes, setNodes] = useState<DraftNode[]>(props.workflow.nodes.map(toDraft));
  const [refusal, setRefusal] = useState<{ index: number | null; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (index: number, patch: Partial<DraftNode>) => {
    setSaved(false);
    setNodes(nodes.map((node, at) => (at === index ? { ...node, ...patch } : node)));
  };
  const move = (index: number, by: number) => {
    const next = [...nodes];
    const [node] = next.splice(index, 1);
    next.splice(index + by, 0, node!);
    setNodes(next);
  };

  async function save(event: Event) {
    event.preventDefault();
    setRefusal(null);
    setSaved(false);
    const body: unknown[] = [];
    for (const [index, node] of nodes.entries()) {
      let config: unknown;
      try {
        config = node.configText.trim() ? JSON.parse(node.configText) : {};
      } catch {
        setRefusal({ index, message: "The config is not valid JSON." });
        return;
      }
      body.push({
        ...(node.id.trim() ? { id: node.id.trim() } : {}),
        feature: node.feature,
        enabled: node.enabled,
        config,
      });
    }
    setBusy(true);
    try {
      await api("PUT", `/tenants/${props.tenantId}/workflows/${props.workflow.id}`, { name, nodes: body });
      setSaved(true);
      props.onSaved();
    } catch (error) {
      setRefusal(
        error instanceof ApiError ? placeRefusal(error.detail) : { index: null, message: "Not saved." },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card editor" onSubmit={(event) => void save(event)} aria-labelledby="editor-title">
      <h2 id="editor-title">Edit {props.workflow.name}</h2>
      {refusal && refusal.index === null && (
        <p class="error" role="alert">
          {refusal.message}
        </p>
      )}
      {saved && (
        <p class="ok" role="status">
          Saved. New sessions run these nodes; sessions already started keep theirs.
        </p>
      )}
      <label for="wf-name">Name</label>
      <input id="wf-name" value={name} onInput={(event) => setName(event.currentTarget.value)} />
      <ol class="nodes">
        {nodes.map((node, index) => (
          <li key={index} class={refusal?.index === index ? "node invalid" : "node"} data-node-index={index}>
            <div class="node-head">
              <div class="field">
                <label for={`node-${index}-feature`}>Feature</label>
                <input
                  id={`node-${index}-feature`}
                  list="feature-keys"
                  value={node.feature}
                  onInput={(event) => change(index, { feature: event.currentTarget.value })}
                />
              </div>
              <div class="field">
                <label for={`node-${index}-id`}>Node id</label>
                <input
                  id={`node-${index}-id`}
                  value={node.id}
                  onInput={(event) => change(index, { id: event.currentTarget.value })}
                />
              </div>
              <label class="check">
                <input
                  type="checkbox"
                  checked={node.enabled}
                  onChange={(event) => change(index, { enabled: event.currentTarget.checked })}
                />
                Enabled
              </label>
              <div class="node-tools">
                <button
                  type="button"
                  class="secondary"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  class="secondary"
                  disabled={index === nodes.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  class="secondary"
                  onClick={() => setNodes(nodes.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </div>
            </div>
            <label for={`node-${index}-config`}>Config (JSON)</label>
            <textarea
              id={`node-${index}-config`}
              class="mono"
              rows={Math.min(10, Math.max(2, node.configText.split("\n").length))}
              value={node.configText}
              aria-invalid={refusal?.index === index ? "true" : undefined}
              aria-describedby={refusal?.index === index ? `node-${index}-error` : undefined}
              onInput={(event) => change(index, { configText: event.currentTarget.value })}
            />
            {refusal?.index === index && (
              <p id={`node-${index}-error`} class="error" role="alert" data-testid="node-error">
                {refusal.message}
              </p>
            )}
          </li>
        ))}
      </ol>
      <datalist id="feature-keys">
        {FEATURES.map((feature) => (
          <option key={feature} value={feature} />
        ))}
      </datalist>
      <div class="actions">
        <button
          type="button"
          class="secondary"
          onClick={() =>
            setNodes([...nodes, { id: "", feature: "FACE_MATCH", enabled: true, configText: "{}" }])
          }
        >
          Add node
        </button>
        <button type="submit" disabled={busy}>
          Save workflow
        </button>
        <button type="button" class="secondary" onClick={props.onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
