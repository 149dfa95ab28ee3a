// Reads a JSON array of Kubernetes objects on stdin and checks each with the validator generated
// for its apiVersion and kind: kubernetes-models (from the Kubernetes OpenAPI spec) for the core
// API, @kubernetes-models/prometheus-operator (from the operator's CRDs) for monitoring.coreos.com.
// These check types, enums, formats and required fields; unknown fields are the Java side's job
// (docs/guide/kubernetes.md#how-the-chart-is-tested). Prints one JSON line per object:
// {"kind": ..., "name": ..., "errors": [ajv errors] } or {"kind": ..., "unsupported": true}.
import { readFileSync } from "node:fs";

const objects = JSON.parse(readFileSync(0, "utf8"));

function modulePath(apiVersion, kind) {
  const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
  if (group === "monitoring.coreos.com") {
    return `@kubernetes-models/prometheus-operator/${group}/${version}/${kind}`;
  }
  return `kubernetes-models/${group ? group + "/" : ""}${version}/${kind}`;
}

for (const object of objects) {
  const line = { kind: object.kind, name: object.metadata?.name };
  let model;
  try {
    model = (await import(modulePath(object.apiVersion, object.kind)))[object.kind];
  } catch {
    model = undefined;
  }
  if (typeof model !== "function") {
    line.unsupported = true;
  } else {
    try {
      new model(object).validate();
      line.errors = [];
    } catch (e) {
      line.errors = e.errors ?? [{ message: String(e) }];
    }
  }
  console.log(JSON.stringify(line));
}
