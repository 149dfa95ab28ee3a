// A second, independent ext_proc client: gRPC's Node.js stack (@grpc/grpc-js) and Envoy's own
// .proto files (unpacked from io.envoyproxy.controlplane:api into target/envoy-protos by the Maven
// build), so a wire-level mistake shared by the Java server and the Java EnvoyEmulator would show.
//
//   node picker-client.mjs PORT [HOST] [PROTO_DIR]
//
// Against a picker-mode server (examples/extproc/picker-mode.yaml) it runs two streams:
//   pick      request_headers with x-gateway-model-name: model-a and a forged route header; the one
//             reply must set the route header, mirror the same value into envoy.lb metadata, remove
//             the client's copy and never echo the forged value.
//   no-model  request_headers without the model header; the reply must be ImmediateResponse 503.
// It prints one JSON line per case and exits 1 on any mismatch (2 on a transport failure).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';

const ROUTE = 'x-gateway-destination-endpoint';
const FORGED = 'evil:1';
const here = path.dirname(fileURLToPath(import.meta.url));
const [port, host = '127.0.0.1', protoDir = path.resolve(here, '../../../target/envoy-protos')] = process.argv.slice(2);
if (!port) {
  console.error('usage: node picker-client.mjs PORT [HOST] [PROTO_DIR]');
  process.exit(2);
}
if (!fs.existsSync(path.join(protoDir, 'envoy/service/ext_proc/v3/external_processor.proto'))) {
  console.error(`no Envoy protos under ${protoDir} (the Maven build unpacks them: mvn generate-test-resources)`);
  process.exit(2);
}

// google/protobuf/* is not in the jar: proto-loader falls back to the descriptors protobufjs bundles.
const definition = protoLoader.loadSync('envoy/service/ext_proc/v3/external_processor.proto', {
  includeDirs: [protoDir], keepCase: true, enums: String, longs: String, defaults: false, oneofs: true,
});
const pkg = grpc.loadPackageDefinition(definition);
const ExternalProcessor = pkg.envoy.service.ext_proc.v3.ExternalProcessor;
const statusNumbers = Object.fromEntries(
  definition['envoy.type.v3.StatusCode'].type.value.map((v) => [v.name, v.number]));

const client = new ExternalProcessor(`${host}:${port}`, grpc.credentials.createInsecure());

/** One Process stream: request headers with end_of_stream, the first reply, then half-close. */
function exchange(headers) {
  return new Promise((resolve, reject) => {
    const call = client.Process({ deadline: Date.now() + 10_000 });
    let reply = null;
    call.on('data', (message) => {
      if (reply === null) {
        reply = message;
        call.end();
      }
    });
    call.on('error', (e) => (reply === null ? reject(e) : resolve(reply)));
    call.on('end', () => (reply === null ? reject(new Error('stream ended without a reply')) : resolve(reply)));
    call.write({
      request_headers: {
        headers: { headers: headers.map(([key, value]) => ({ key, raw_value: Buffer.from(value) })) },
        end_of_stream: true,
      },
    });
  });
}

function text(header) {
  return header.raw_value && header.raw_value.length > 0 ? Buffer.from(header.raw_value).toString('utf8') : header.value;
}

/** What the reply says, in plain JSON. */
function summarize(reply) {
  if (reply.response === 'immediate_response') {
    const code = reply.immediate_response.status?.code;
    return { kind: 'immediate_response', status: statusNumbers[code] ?? code };
  }
  const common = reply[reply.response]?.response ?? {};
  const mutation = common.header_mutation ?? {};
  // google.protobuf.Struct comes from protobufjs's bundled descriptors, whose field names are camelCase.
  const lbValue = reply.dynamic_metadata?.fields?.['envoy.lb'];
  const lb = (lbValue?.structValue ?? lbValue?.struct_value)?.fields ?? {};
  return {
    kind: reply.response,
    set_headers: Object.fromEntries((mutation.set_headers ?? []).map((o) => [o.header.key, text(o.header)])),
    remove_headers: mutation.remove_headers ?? [],
    envoy_lb: Object.fromEntries(Object.entries(lb).map(([k, v]) => [k, v.stringValue ?? v.string_value])),
    mode_override: reply.mode_override ?? null,
  };
}

const problems = [];
function expect(ok, what) {
  if (!ok) problems.push(what);
}

const base = [[':method', 'GET'], [':path', '/v1/chat/completions'], [':authority', 'gateway.example'], [':scheme', 'http']];
try {
  const pickReply = await exchange([...base, ['x-gateway-model-name', 'model-a'], [ROUTE, FORGED]]);
  const pick = summarize(pickReply);
  console.log(JSON.stringify({ case: 'pick', ...pick }));
  expect(pick.kind === 'request_headers', `pick: a request_headers reply (got ${pick.kind})`);
  expect(typeof pick.set_headers?.[ROUTE] === 'string' && pick.set_headers[ROUTE] !== '', 'pick: the route header is set');
  expect(pick.envoy_lb?.[ROUTE] !== undefined && pick.envoy_lb[ROUTE] === pick.set_headers?.[ROUTE],
    'pick: envoy.lb holds the same value as the header');
  expect((pick.remove_headers ?? []).includes(ROUTE), 'pick: the client copy of the route header is removed');
  expect(!JSON.stringify(pickReply).includes(FORGED), 'pick: the forged value appears nowhere in the reply');
  expect(pick.mode_override !== null, 'pick: a mode_override releases the stream');

  const none = summarize(await exchange([...base, [ROUTE, FORGED]]));
  console.log(JSON.stringify({ case: 'no-model', ...none }));
  expect(none.kind === 'immediate_response' && none.status === 503, 'no-model: ImmediateResponse 503');
} catch (e) {
  console.error(`transport failure: ${e.message}`);
  client.close();
  process.exit(2);
}
client.close();
for (const p of problems) console.error(`MISMATCH ${p}`);
process.exit(problems.length === 0 ? 0 : 1);
