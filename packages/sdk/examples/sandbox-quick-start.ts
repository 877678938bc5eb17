// Compiled with the SDK (tsconfig includes examples/): a wrong path, body or outcome fails `npm run sdk:build`.
// Run it against a server: KYC_URL=http://127.0.0.1:8080 KYC_TEST_KEY=kyc_test_… node dist/examples/sandbox-quick-start.js
import { createKycClient } from "../src/index.js";

export async function approveTestSession(baseUrl: string, testKey: string): Promise<string> {
  const kyc = createKycClient({ baseUrl, apiKey: testKey });
  const created = await kyc.POST("/v3/session/", { body: { vendor_data: "user-123" } });
  if (!created.data) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
  const completed = await kyc.POST("/v3/sandbox/session/{session_id}/complete/", {
    params: { path: { session_id: created.data.id } },
    body: { outcome: "approved" },
  });
  if (!completed.data) throw new Error(`complete failed: ${JSON.stringify(completed.error)}`);
  void (() =>
    kyc.POST("/v3/sandbox/session/{session_id}/complete/", {
      params: { path: { session_id: "x" } },
      // @ts-expect-error — "accepted" is not an outcome: the generated types refuse it at compile time.
      body: { outcome: "accepted" },
    }));
  return completed.data.status;
}

if (process.env.KYC_URL && process.env.KYC_TEST_KEY) {
  console.log(await approveTestSession(process.env.KYC_URL, process.env.KYC_TEST_KEY));
}
