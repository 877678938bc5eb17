// The shapes the session page reads from the console API.

export interface NodeResult {
  node_id: string;
  status: string;
  score: number | null;
  warnings: string[];
  data: Record<string, unknown>;
}

export interface SessionDetail {
  id: string;
  status: string;
  vendor_data: string | null;
  decision: string;
  created_at: string;
  completed_at: string | null;
  decision_v3: Record<string, NodeResult[] | Record<string, unknown>[]>;
}

export interface EvidenceItem {
  kind: string;
  content_type: string;
  url: string;
  created_at: string;
}

export interface SessionActivity {
  decision_reason: string | null;
  checks: {
    node_id: string;
    feature: string;
    status: string;
    score: number | null;
    warnings: string[];
    applicant_step: boolean;
  }[];
  log: { type: string; actor: string; data: Record<string, unknown>; created_at: string }[];
  webhooks: {
    id: string;
    event_type: string;
    status: string;
    attempts: number;
    last_error: string | null;
    decision_reason: string | null;
    created_at: string;
    delivered_at: string | null;
  }[];
}
