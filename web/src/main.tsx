// Entry: `/verify/<token>` runs a verification session; `/s/<token>` a partner application form that
// continues into its verification session without a page load; a link the server did not find (404, marked
// on #app) shows the not-found page.
import { render } from "preact";
import { useState } from "preact/hooks";
import "./styles.css";
import { BrandingPreview } from "./branding-preview.js";
import { prepareDevanagariFont, registerDevanagariFont } from "./fonts.js";
import { NotFoundPage } from "./not-found-page.js";
import { PartnerPage } from "./partner-page.js";
import { VerifyFlow } from "./verify-flow.js";

function Root() {
  if (window.location.pathname === "/preview/branding") return <BrandingPreview />;
  const match = /^\/(verify|s)\/([A-Za-z0-9_-]+)\/?$/.exec(window.location.pathname);
  const [verifyToken, setVerifyToken] = useState(match?.[1] === "verify" ? match[2]! : null);
  if (verifyToken) return <VerifyFlow key={verifyToken} token={verifyToken} />;
  if (match?.[1] === "s") {
    return (
      <PartnerPage
        token={match[2]!}
        onVerification={(token) => {
          window.history.replaceState(null, "", `/verify/${token}`);
          setVerifyToken(token);
        }}
      />
    );
  }
  return <VerifyFlow token="" />;
}

registerDevanagariFont();
const root = document.getElementById("app")!;
await prepareDevanagariFont();
render(root.dataset.page === "not-found" ? <NotFoundPage /> : <Root />, root);
