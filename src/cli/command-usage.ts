// Per-command help for the operator CLI: `kyc <command> --help` prints the command's arguments, and a usage
// error (a missing argument, an unknown option) ends with the same line, so the operator sees what was expected.
export const COMMAND_USAGE: Readonly<Record<string, readonly [args: string, does: string]>> = {
  "tenant create": [
    "--name N [--credits C] [--features all|K1,K2]",
    "new tenant: prints tenant_id, api_key, jwt_signing_secret, webhook_signing_secret",
  ],
  "tenant suspend": ["TENANT", "a suspended tenant gets 401 whatever the key"],
  "tenant resume": ["TENANT", "resume a suspended tenant"],
  "key create": [
    "TENANT [--label L] [--test]",
    "new API key, shown once; --test makes a sandbox key (kyc_test_…)",
  ],
  "key list": ["TENANT", "labels, display prefixes, test flag, last use, revocation"],
  "key revoke": ["KEY_ID", "revoke one key"],
  "key rotate-all": ["TENANT", "revoke every key of the tenant and issue one new live key"],
  "credits topup": ["TENANT AMOUNT", "add credits (exact decimal)"],
  "credits balance": ["TENANT", "the tenant's balance"],
  "rates set": ["FEATURE AMOUNT [--tenant T]", "global rate, or a tenant override"],
  "features enable": ["TENANT FEATURE…", "enable entitlements (comma or space separated)"],
  "features disable": ["TENANT FEATURE…", "disable entitlements"],
  "features list": ["TENANT", "enabled entitlements"],
  "webhook set": [
    "TENANT URL",
    "where signed events go (`none` clears it); private addresses need ALLOW_PRIVATE_TARGETS=true",
  ],
  "webhook events": ["TENANT", "delivery log"],
  "webhook resend": ["TENANT EVENT_ID", "resend an event (same event id)"],
  "webhook status": ["TENANT", "endpoint state and failure streak"],
  "webhook enable": ["TENANT", "re-enable a disabled endpoint and resend held events"],
  "workflow create": [
    "TENANT --file F [--default]",
    "create a workflow from a JSON file (see examples/workflows/)",
  ],
  "workflow list": ["TENANT", "workflows with every node's configuration"],
  "workflow status": ["TENANT WORKFLOW live|draft|archived", "change a workflow's status"],
  "workflow default": ["TENANT WORKFLOW", "make a live workflow the tenant's default"],
  "session list": ["TENANT [STATUS]", "the tenant's sessions"],
  "review resolve": ["TENANT SESSION approved|declined [--reason R]", "resolve a session held for review"],
  "flow create": ["TENANT --name N --workflow W", "new partner flow"],
  "flow list": ["TENANT", "partner flows"],
  "flow activate": ["TENANT FLOW", "activate a flow"],
  "flow deactivate": ["TENANT FLOW", "deactivate a flow"],
  "flow ttl": ["TENANT [MINUTES|off]", "hosted URL lifetime"],
  "flow form": ["TENANT FLOW FIELD1,FIELD2…", "the partner form's fields"],
  "flow lists": ["TENANT FLOW LIST:action…", "risk lists a flow checks"],
  "retention set": ["TENANT DAYS", "how long session evidence is kept"],
  "branding set": ["TENANT --file F", "tenant branding of the hosted pages"],
  "branding show": ["TENANT", "current branding"],
  "aml load": ["FILE…", "store OFAC SDN CSV, UN XML or FtM files and rebuild the index"],
  "aml compare": ["NAME1 NAME2 [--schema Person]", "name similarity with its explanation"],
  "aml status": ["", "stored entities per source and index readiness"],
  "operator create": [
    "--email E [--role admin|reviewer]",
    "console operator; the password is read from a hidden prompt, or from stdin when piped (never from argv)",
  ],
  "operator disable": ["--email E", "disable an operator and end their tokens"],
  "operator reset-totp": ["--email E", "remove an operator's two-factor (lost phone) and end their tokens"],
  "registry set": [
    "TENANT NAME URL [--timeout-ms N] [--retries N]",
    "a DATABASE_VALIDATION registry connector (its signing secret is printed once, on creation)",
  ],
  "registry list": ["TENANT", "the tenant's registry connectors (secrets never shown)"],
  "registry remove": ["TENANT NAME", "remove a registry connector"],
  "registry rotate-secret": ["TENANT NAME", "a new signing secret for a connector (printed once)"],
  "nfc masterlist load": ["FILE", "CSCA certificates and CRLs: an ICAO CMS master list or a PEM bundle"],
  "nfc masterlist list": ["", "the loaded CSCA certificates and CRLs"],
  "nfc masterlist remove": ["FINGERPRINT", "remove one trust anchor (SHA-256 of its DER)"],
};

/** `kyc key create TENANT [--label L] [--test]` (or just the name for a command without an entry). */
export function usageLine(command: string): string {
  const usage = COMMAND_USAGE[command];
  return `Usage: kyc ${command}${usage?.[0] ? ` ${usage[0]}` : ""} [--json]`;
}

export function commandHelp(command: string): string {
  const usage = COMMAND_USAGE[command];
  return `${usageLine(command)}\n${usage ? `\n  ${usage[1]}\n` : ""}`;
}

/** Errors about how the command was typed (as opposed to what it did): they are followed by the usage line. */
export function isUsageError(message: string): boolean {
  return /^(Missing argument|Use --|Unknown option|Option '|Unexpected argument|Name at least one)/.test(
    message,
  );
}
