// /docs: renders the operations and schemas of /openapi.json. Our own code, no library;
// every value goes in through textContent, never as HTML.
"use strict";

const METHODS = ["get", "post", "put", "patch", "delete"];

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function refName(ref) {
  return ref.split("/").pop();
}

function resolve(doc, node) {
  if (node && node.$ref) {
    const parts = node.$ref.replace(/^#\//, "").split("/");
    return parts.reduce((acc, part) => (acc ? acc[part] : undefined), doc) || {};
  }
  return node || {};
}

// A schema as a short line: a link for a named schema, else its type and constraints.
function schemaSummary(schema) {
  if (!schema) return el("span", { class: "muted" }, "—");
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return el("a", { href: `#schema-${name}` }, name);
  }
  if (schema.anyOf) {
    const span = el("span");
    schema.anyOf.forEach((part, i) => {
      if (i) span.append(" | ");
      span.append(schemaSummary(part));
    });
    return span;
  }
  if (schema.type === "array") {
    return el("span", {}, "array of ", schemaSummary(schema.items));
  }
  const bits = [];
  if (schema.const !== undefined) bits.push(`= ${JSON.stringify(schema.const)}`);
  if (schema.enum) bits.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  for (const key of ["minLength", "maxLength", "minimum", "maximum", "pattern", "format", "default"]) {
    const value = schema[key];
    if (value !== undefined) bits.push(`${key} ${key === "pattern" ? value : JSON.stringify(value)}`);
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type || "any";
  return el("code", {}, bits.length ? `${type} (${bits.join("; ")})` : type);
}

function parametersTable(doc, params) {
  if (!params.length) return null;
  const body = el("tbody");
  for (const raw of params) {
    const p = resolve(doc, raw);
    body.append(
      el("tr", {}, el("td", {}, el("code", {}, p.name)), el("td", {}, p.in),
        el("td", {}, p.required ? "required" : "optional"),
        el("td", {}, schemaSummary(p.schema), p.description ? ` ${p.description}` : ""))
    );
  }
  return el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "parameter"), el("th", {}, "in"),
    el("th", {}, ""), el("th", {}, "schema"))), body);
}

function responsesTable(doc, responses) {
  const body = el("tbody");
  for (const [status, raw] of Object.entries(responses)) {
    const r = resolve(doc, raw);
    const media = Object.entries(r.content || {}).map(([type, c]) =>
      el("div", {}, el("code", {}, type), " ", schemaSummary(c.schema)));
    const headers = Object.keys(r.headers || {}).map((h) => el("div", {}, "header ", el("code", {}, h)));
    body.append(el("tr", {}, el("td", {}, el("code", {}, status)), el("td", {}, r.description || ""),
      el("td", {}, ...media, ...headers)));
  }
  return el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "status"), el("th", {}, "meaning"),
    el("th", {}, "body"))), body);
}

function operation(doc, path, method, item, op) {
  const id = `op-${op.operationId || method + path}`;
  const params = [...(item.parameters || []), ...(op.parameters || [])];
  const card = el("article", { class: "op", id },
    el("h3", {}, el("span", { class: `method ${method}` }, method.toUpperCase()), path),
    el("p", {}, op.summary || ""));
  if (op.security) card.append(el("p", { class: "muted" }, "Needs Authorization: Bearer <token>."));
  const table = parametersTable(doc, params);
  if (table) card.append(table);
  if (op.requestBody) {
    const media = Object.entries(op.requestBody.content || {}).map(([type, c]) =>
      el("div", {}, "Body ", el("code", {}, type), ": ", schemaSummary(c.schema)));
    card.append(...media);
  }
  card.append(responsesTable(doc, op.responses || {}));
  const example = exampleBlock(op);
  if (example) card.append(example);
  return card;
}

// The operation's example (web/openapi_examples.py): the curl line, the request body it
// sends, and the response it gets back.
function exampleBlock(op) {
  const samples = op["x-codeSamples"] || [];
  if (!samples.length) return null;
  const box = el("div", { class: "example" }, el("h4", {}, "Example"));
  for (const sample of samples) box.append(el("pre", { class: "curl" }, el("code", {}, sample.source)));
  const pretty = (value) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));
  for (const [type, media] of Object.entries((op.requestBody || {}).content || {})) {
    if (media.example === undefined) continue;
    box.append(el("p", { class: "muted" }, `Request body (${type})`), el("pre", {}, el("code", {}, pretty(media.example))));
  }
  for (const [status, response] of Object.entries(op.responses || {})) {
    if (!status.startsWith("2")) continue;
    const shown = Object.entries(response.content || {}).find(([, media]) => media.example !== undefined);
    box.append(el("p", { class: "muted" }, `Response ${status}${shown ? ` (${shown[0]})` : ", no body"}`));
    if (shown) box.append(el("pre", {}, el("code", {}, pretty(shown[1].example))));
  }
  return box;
}

function schemaCard(name, schema) {
  const card = el("article", { class: "schema", id: `schema-${name}` }, el("h3", {}, name));
  if (schema.description) card.append(el("p", {}, schema.description));
  const props = schema.properties || {};
  const required = new Set(schema.required || []);
  if (Object.keys(props).length) {
    const body = el("tbody");
    for (const [prop, sub] of Object.entries(props)) {
      body.append(el("tr", {}, el("td", {}, el("code", {}, prop)),
        el("td", {}, required.has(prop) ? "required" : "optional"), el("td", {}, schemaSummary(sub))));
    }
    card.append(el("table", {}, body));
  } else {
    card.append(el("p", {}, schemaSummary(schema)));
  }
  return card;
}

async function main() {
  const status = document.getElementById("status");
  let doc;
  try {
    const response = await fetch("/openapi.json");
    doc = await response.json();
  } catch (error) {
    status.textContent = "Could not load /openapi.json.";
    return;
  }
  document.getElementById("title").textContent = `${doc.info.title} HTTP API ${doc.info.version}`;
  document.getElementById("description").textContent = doc.info.description || "";
  const toc = document.getElementById("toc");
  const ops = document.getElementById("operations");
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      const card = operation(doc, path, method, item, item[method]);
      ops.append(card);
      toc.append(el("li", {}, el("a", { href: `#${card.id}` }, `${method.toUpperCase()} ${path}`)));
    }
  }
  const schemas = document.getElementById("schemas");
  for (const [name, schema] of Object.entries(doc.components.schemas || {})) {
    schemas.append(schemaCard(name, schema));
  }
  status.textContent = "";
}

main();
