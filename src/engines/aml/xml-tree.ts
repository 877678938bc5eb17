// A dependency-free reader for plain data XML (elements, text, attributes; no DTDs, no namespaces
// needed): enough for the UN consolidated list.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X"
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body] ?? whole;
  });
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attributes[match[1] ?? ""] = decodeEntities(match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** Parses a document and returns its root element. */
export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: XmlElement[] = [root];
  const pattern =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<[?!][\s\S]*?>|<\/([^\s>]+)\s*>|<([^\s/>]+)([^>]*?)(\/?)>|([^<]+)/g;
  for (const match of source.matchAll(pattern)) {
    const top = stack[stack.length - 1] as XmlElement;
    if (match[1] !== undefined) top.text += match[1];
    else if (match[2] !== undefined) {
      if (stack.length > 1) stack.pop();
    } else if (match[3] !== undefined) {
      const element: XmlElement = {
        name: match[3],
        attributes: parseAttributes(match[4] ?? ""),
        children: [],
        text: "",
      };
      top.children.push(element);
      if (match[5] !== "/") stack.push(element);
    } else if (match[6] !== undefined) top.text += decodeEntities(match[6]);
  }
  const documentElement = root.children[0];
  if (!documentElement) throw new Error("empty XML document");
  return documentElement;
}

export function childElements(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** Trimmed text of the first child with that name, or "" when absent. */
export function childText(element: XmlElement, name: string): string {
  return element.children.find((child) => child.name === name)?.text.trim() ?? "";
}
