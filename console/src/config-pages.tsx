// The admin configuration pages (issue 19): their navigation links (with the count of new finished-import
// notices) and the page for the current route.

import { BrandingPage } from "./branding-page.js";
import { CreditsPage } from "./credits-page.js";
import { FlowsPage } from "./flows-page.js";
import { useImportNotices } from "./import-notices.js";
import { ImportsPage } from "./imports-page.js";
import { RegistryPage } from "./registry-page.js";
import { RiskListsPage } from "./risk-lists-page.js";
import { type ConfigPage, onLinkClick, type Route } from "./router.js";
import { WebhooksPage } from "./webhooks-page.js";
import { WorkflowsPage } from "./workflows-page.js";

const TITLES: Record<ConfigPage, string> = {
  workflows: "Workflows",
  branding: "Branding",
  webhooks: "Webhooks",
  "risk-lists": "Risk lists",
  flows: "Flows",
  credits: "Credits",
  imports: "Imports",
  registry: "Registries",
};

export function ConfigNav({ route }: { route: Route }) {
  const notices = useImportNotices();
  return (
    <>
      {(Object.keys(TITLES) as ConfigPage[]).map((page) => (
        <a
          key={page}
          href={`/console/${page}`}
          onClick={onLinkClick}
          aria-current={route.page === page ? "page" : undefined}
        >
          {TITLES[page]}
          {page === "imports" && notices.length > 0 && (
            <span class="count" data-testid="import-notice-count">
              {notices.length}
              <span class="visually-hidden"> finished imports</span>
            </span>
          )}
        </a>
      ))}
    </>
  );
}

export function ConfigPages({ route }: { route: Route }) {
  switch (route.page) {
    case "workflows":
      return <WorkflowsPage />;
    case "branding":
      return <BrandingPage />;
    case "webhooks":
      return <WebhooksPage />;
    case "risk-lists":
      return <RiskListsPage />;
    case "flows":
      return <FlowsPage />;
    case "credits":
      return <CreditsPage />;
    case "imports":
      return <ImportsPage />;
    case "registry":
      return <RegistryPage />;
    default:
      return null;
  }
}
